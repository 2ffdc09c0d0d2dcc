import type { Logger } from 'pino';
import { DAY_MS, seoulDate } from '../clock.ts';
import type { AppDeps } from '../http/context.ts';

/**
 * When a job runs: every N seconds, or once a day at a Seoul wall-clock time (HH:mm;
 * Asia/Seoul is UTC+9 all year, no daylight saving).
 */
export type Cadence = { everySeconds: number } | { dailyAt: string };

/** What a run gets: the server's dependencies, the clock's time when it started, a logger naming the job. */
export type JobContext<Deps> = Deps & { now: Date; logger: Logger };

/**
 * A named piece of timed work. `Deps` is what its run needs from AppDeps (all of it unless
 * a job asks for less, as the expiry job does so the older `startJobs` can run it with a bare db).
 */
export interface Job<Deps = AppDeps> {
  /** Its key in job_schedule: renaming a job makes it a new job, due at once. */
  name: string;
  cadence: Cadence;
  /** May return a small summary, logged and stored with the run. */
  run: (ctx: JobContext<Deps>) => Promise<unknown>;
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Declares a job; a cadence that cannot be scheduled fails here, when the server starts. */
export function defineJob<Deps = AppDeps>(job: Job<Deps>): Job<Deps> {
  const { cadence } = job;
  if ('everySeconds' in cadence && !(Number.isInteger(cadence.everySeconds) && cadence.everySeconds > 0)) {
    throw new Error(`job ${job.name}: everySeconds must be a positive whole number`);
  }
  if ('dailyAt' in cadence && !hhmm.test(cadence.dailyAt)) {
    throw new Error(`job ${job.name}: dailyAt must be HH:mm (Seoul time)`);
  }
  return job;
}

/**
 * The first cadence time strictly after `after`. Runs that were missed are not made up:
 * whatever was due is done by the one run that just ended.
 * Every-N-seconds times are whole multiples of N since the epoch (for a minute: the start of
 * each minute, in Seoul as in UTC), so a job that looks at the wall clock, like the minute
 * job of auto notifications, runs once inside every minute instead of drifting by the tick.
 */
export function nextDueTime({ cadence, after }: { cadence: Cadence; after: Date }): Date {
  if ('everySeconds' in cadence) {
    const step = cadence.everySeconds * 1000;
    return new Date((Math.floor(after.getTime() / step) + 1) * step);
  }
  const today = new Date(`${seoulDate(after)}T${cadence.dailyAt}:00+09:00`);
  return today > after ? today : new Date(today.getTime() + DAY_MS);
}
