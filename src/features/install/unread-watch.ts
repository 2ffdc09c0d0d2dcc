import { liveQuery } from 'dexie';
import { countUnread } from '../notify/unread.ts';

/** Follows the device's unread count (every pull, every read); answers how to stop following. */
export function watchUnread(onCount: (count: number) => void): () => void {
  const subscription = liveQuery(countUnread).subscribe({ next: onCount, error: () => undefined });
  return () => subscription.unsubscribe();
}
