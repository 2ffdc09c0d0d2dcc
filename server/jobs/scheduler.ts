import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { runExpiryJob } from './expiry.job.ts';

/** How often the daily jobs look at the clock; each does its work once per Seoul day. */
export const JOB_CHECK_MS = 10 * 60 * 1000;

/**
 * Starts the timed work of the server (design.md: jobs). The jobs are idempotent per Seoul
 * day, so checking often costs one read and no day is missed because the process slept
 * through midnight. Runs once at start. Errors are logged, never thrown.
 */
export function startJobs({
  db,
  clock,
  logger,
  everyMs = JOB_CHECK_MS,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}): { stop: () => void; tick: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runExpiryJob({ db, now: clock.now() })
      .then((run) => {
        if (!run.skipped) logger.info({ job: 'expiry', ...run }, 'general site expiry counted');
      })
      .catch((err: unknown) => logger.error({ err, job: 'expiry' }, 'job failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    tick,
  };
}
