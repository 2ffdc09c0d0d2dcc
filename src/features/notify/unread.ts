import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../db/db.ts';
import { seoulDay } from './seoul-day.ts';

/** Received notifications not opened yet, on the device. */
export function countUnread(): Promise<number> {
  return localDb.inbox.where('f_read').equals('N').count();
}

/** The unread count, from the device: the badges follow every pull and read at once. */
export function useUnreadCount(): number {
  return useLiveQuery(countUnread, []) ?? 0;
}

/** Received today (Seoul day): how many, and how many of them are unread. */
export function useTodayCounts(): { total: number; unread: number } {
  return (
    useLiveQuery(async () => {
      const today = seoulDay(new Date());
      const rows = await localDb.inbox.toArray();
      const todays = rows.filter((r) => seoulDay(new Date(r.f_send_time)) === today);
      return { total: todays.length, unread: todays.filter((r) => r.f_read === 'N').length };
    }, []) ?? { total: 0, unread: 0 }
  );
}
