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
