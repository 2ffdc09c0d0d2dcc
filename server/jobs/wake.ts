import type { DbOrTx } from '../db/database.ts';
import { announceJobWake } from './jobs.repository.ts';

/**
 * Asks the running scheduler to run a job now rather than at its next due time: work queued
 * by a request (a push to deliver) should not wait for the scheduler's next look. Features only
 * know a database, not the scheduler that server/main.ts starts, hence this small relay. With no
 * scheduler listening (tests, scripts) a wake does nothing and the work waits for its due time.
 */
type WakeListener = (jobName: string) => void;

const listeners = new Set<WakeListener>();

export function wakeJob(jobName: string): void {
  for (const listener of listeners) listener(jobName);
}

/** Listens for wakes; returns the function that stops listening. */
export function onJobWake(listener: WakeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Wakes a job for work the caller's transaction queues. On PostgreSQL every instance's scheduler
 * is told when the transaction commits (a NOTIFY that server/main.ts relays to `wakeJob`): the
 * job then sees the work, whichever instance takes it, and the one holding a run looks again
 * after it. On SQLite this process's scheduler is woken at once; it runs once the transaction
 * ends, the database having one connection.
 */
export async function wakeJobOnCommit({ db, name }: { db: DbOrTx; name: string }): Promise<void> {
  if (!(await announceJobWake({ db, name }))) wakeJob(name);
}
