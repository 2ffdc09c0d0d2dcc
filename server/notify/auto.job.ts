import type { AutoInterval } from '../../sync/notify/rules.ts';
import { DAY_MS, seoulDate, seoulMidnight } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { defineJob } from '../jobs/job.ts';
import { enabledAutoNotifications } from './notify.repository.ts';
import { type NotifySent, sendNotification } from './send.ts';

/**
 * Automatic notifications (spec §4, §9): each enabled one goes out at its HH:mm Seoul time every
 * day (E), or every 3 or 5 days counted from the Seoul day it was written or last rescheduled
 * (f_auto_from). The job looks every minute for the latest due time that has passed; the send's
 * row in notify_sends (keyed by that due instant) makes it go out exactly once, across ticks,
 * several servers' ticks and restarts. Times missed while the server was down give one send (the
 * latest), not one each. Made+ and push were paid when it was written; each send repeats them.
 */

const intervalDays: Record<AutoInterval, number> = { E: 1, '3': 3, '5': 5 };

/** The latest due instant of a schedule at or before `now` and not before `from`, or null. */
export function latestDue({
  from,
  time,
  interval,
  now,
}: {
  from: string;
  time: string;
  interval: AutoInterval;
  now: Date;
}): Date | null {
  const step = intervalDays[interval];
  const startDay = seoulDate(new Date(from));
  const days = Math.round(
    (seoulMidnight(seoulDate(now)).getTime() - seoulMidnight(startDay).getTime()) / DAY_MS,
  );
  if (days < 0) return null;
  const dueOn = (k: number) =>
    new Date(seoulMidnight(startDay).getTime() + k * step * DAY_MS + timeOfDayMs(time));
  let k = Math.floor(days / step);
  if (dueOn(k) > now) k -= 1;
  if (k < 0) return null;
  const due = dueOn(k);
  return due < new Date(from) ? null : due;
}

function timeOfDayMs(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

/** Sends every automatic notification whose latest due time has passed and has not gone out yet. */
export async function runAutoNotify({ db, now }: { db: Db; now: Date }): Promise<NotifySent[]> {
  const autos = await enabledAutoNotifications({ db });
  const sent: NotifySent[] = [];
  for (const auto of autos) {
    const due = latestDue({
      from: auto.f_auto_from ?? auto.f_reg_time,
      time: auto.f_auto_time,
      interval: auto.f_auto_interval,
      now,
    });
    if (!due) continue;
    const done = await db
      .transaction()
      .execute((tx) => sendNotification({ db: tx, notifyIdx: auto.f_idx, due: due.toISOString(), now }));
    if (done) sent.push(done);
  }
  return sent;
}

export const autoNotifyJob = defineJob<{ db: Db }>({
  name: 'auto_notify',
  cadence: { everySeconds: 60 },
  run: async ({ db, now }) => {
    const sent = await runAutoNotify({ db, now });
    return { sent: sent.length, recipients: sent.reduce((n, s) => n + s.recipients.length, 0) };
  },
});
