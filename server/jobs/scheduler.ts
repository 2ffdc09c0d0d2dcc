import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { metrics } from '../ops/metrics.ts';
import { expiryJob } from './expiry.job.ts';
import { type Job, nextDueTime } from './job.ts';
import { bringJobForward, claimJob, finishJob } from './jobs.repository.ts';
import { onJobWake } from './wake.ts';

/**
 * How often the scheduler looks for due jobs. A job runs at most this long after its due
 * time; well under a minute so the minute job of auto notifications runs inside its minute.
 */
export const JOB_TICK_MS = 15_000;

/** What the runner itself needs; each job may need more (see Job). */
export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

export interface Scheduler {
  /** Starts every due job not already running; resolves when every run in progress has ended. */
  tick: () => Promise<void>;
  /** Stops the timer; resolves when the runs in progress have ended. */
  stop: () => Promise<void>;
}

/**
 * Runs the server's timed work (design.md: one scheduler, due times in the database).
 * Looks at once and then every `everyMs`. A job runs when job_schedule says it is due and
 * nobody holds it; a run that is still going is never started again, in this process (the
 * map below) or in another one on the same database (the claim). A failure is logged and
 * recorded, never thrown: the job runs again at its next due time.
 */
export function startScheduler<D extends SchedulerDeps>({
  deps,
  jobs,
  everyMs = JOB_TICK_MS,
}: {
  deps: D;
  jobs: readonly Job<NoInfer<D>>[];
  everyMs?: number;
}): Scheduler {
  if (new Set(jobs.map((job) => job.name)).size !== jobs.length) {
    throw new Error(`two jobs share a name: ${jobs.map((job) => job.name).join(', ')}`);
  }
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const settled = async () => {
    await Promise.all(running.values());
  };
  // Jobs woken while they were running: the run may have looked before the new work was there.
  const wokenDuringRun = new Set<string>();
  const start = ({ job, first }: { job: Job<D>; first?: () => Promise<void> }) => {
    const run = async () => {
      await first?.();
      await runIfDue({ deps, job, now: deps.clock.now() });
    };
    running.set(
      job.name,
      run().finally(() => {
        running.delete(job.name);
        if (wokenDuringRun.delete(job.name)) wake(job.name);
      }),
    );
  };
  const tick = () => {
    if (!stopped) {
      for (const job of jobs) {
        if (!running.has(job.name)) start({ job });
      }
    }
    return settled();
  };
  const wake = (name: string) => {
    const job = jobs.find((candidate) => candidate.name === name);
    if (stopped || !job) return;
    if (running.has(name)) {
      wokenDuringRun.add(name);
      return;
    }
    const bringForward = async () => {
      try {
        await bringJobForward({ db: deps.db, name, now: deps.clock.now() });
      } catch (err) {
        // Not brought forward: the job still runs at its due time.
        deps.logger.error({ err, job: name }, 'job could not be woken');
      }
    };
    start({ job, first: bringForward });
  };
  const stopListening = onJobWake(wake);
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return {
    tick,
    stop: () => {
      stopped = true;
      stopListening();
      clearInterval(timer);
      return settled();
    },
  };
}

/** One attempt at one job: claim it if due, run it, record how it went. Never rejects. */
async function runIfDue<D extends SchedulerDeps>({
  deps,
  job,
  now,
}: {
  deps: D;
  job: Job<D>;
  now: Date;
}): Promise<void> {
  const logger = deps.logger.child({ job: job.name });
  const claim = randomUUID();
  try {
    if (!(await claimJob({ db: deps.db, name: job.name, claim, now }))) return;
  } catch (err) {
    logger.error({ err }, 'job could not be claimed');
    return;
  }
  const started = performance.now();
  let ran: { outcome: 'ok'; summary: unknown } | { outcome: 'failed'; err: unknown };
  try {
    ran = { outcome: 'ok', summary: await job.run({ ...deps, now, logger }) };
  } catch (err) {
    ran = { outcome: 'failed', err };
  }
  const elapsed = performance.now() - started;
  const durationMs = Math.round(elapsed);
  metrics.job({ job: job.name, outcome: ran.outcome, seconds: elapsed / 1000 });
  if (ran.outcome === 'failed') metrics.busy(ran.err);
  let result: string | null;
  if (ran.outcome === 'ok') {
    // A run that found nothing to do (every count 0) is recorded but logged at debug: the push job
    // runs every few seconds and would bury the lines a developer looks for.
    const level = isIdle(ran.summary) ? 'debug' : 'info';
    logger[level]({ durationMs, outcome: ran.outcome, summary: ran.summary }, 'job ran');
    result = ran.summary === undefined ? null : asText(ran.summary);
  } else {
    logger.error({ durationMs, outcome: ran.outcome, err: ran.err }, 'job failed');
    result = ran.err instanceof Error ? ran.err.message : asText(ran.err);
  }
  try {
    const recorded = await finishJob({
      db: deps.db,
      name: job.name,
      claim,
      start: now,
      durationMs,
      outcome: ran.outcome,
      result,
      // From the end of the run, so a run longer than its interval is not followed by another at once.
      due: nextDueTime({ cadence: job.cadence, after: deps.clock.now() }),
    });
    if (!recorded) logger.warn('job ran past its claim; the run that took it over records the job');
  } catch (err) {
    logger.error({ err }, 'job run could not be recorded');
  }
}

/** A summary of counts that are all zero, like `{ sent: 0, pruned: 0 }`. */
export function isIdle(summary: unknown): boolean {
  if (typeof summary !== 'object' || summary === null) return false;
  const values = Object.values(summary);
  return values.length > 0 && values.every((value) => value === 0);
}

function asText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The expiry job alone on the runner, for a caller that has only a db (the expiry job's
 * tests). The server starts every job with `startScheduler({ deps, jobs })` (server/main.ts).
 */
export function startJobs({
  db,
  clock,
  logger,
  everyMs,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}): Scheduler {
  return startScheduler({ deps: { db, clock, logger }, jobs: [expiryJob], everyMs });
}
