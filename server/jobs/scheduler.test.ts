import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../clock.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { type Cadence, defineJob, type Job } from './job.ts';
import { CLAIM_MS } from './jobs.repository.ts';
import type { JobScheduleTable } from './jobs.tables.ts';
import { type Scheduler, startScheduler } from './scheduler.ts';
import { wakeJob } from './wake.ts';

let t: TestApp;
let started: Scheduler[] = [];
let gates: Array<() => void> = [];
afterEach(async () => {
  // A failed assertion must not leave a run waiting, or stopping would wait for it.
  for (const open of gates) open();
  gates = [];
  await Promise.all(started.map((s) => s.stop()));
  started = [];
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A scheduler on a real migrated database, a clock the test moves, and the log lines it wrote. */
async function setup(start = '2026-03-01T10:00:00+09:00') {
  const clock = fixedClock(start);
  t = await createTestApp({ clock });
  const logged: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const deps = { ...t.deps, logger };
  // The timer never fires during a test: ticks are the test's own.
  const startWith = (...jobs: Job[]) => {
    const scheduler = startScheduler({ deps, jobs, everyMs: 24 * HOUR });
    started.push(scheduler);
    return scheduler;
  };
  const row = async (name: string) =>
    (await t.handle.all<JobScheduleTable>('SELECT * FROM job_schedule WHERE f_name = ?', name))[0];
  return { clock, logged, startWith, row };
}

/** A job that notes the time of each run; `work` may make a run wait or fail. */
function countedJob({
  name = 'counted',
  cadence,
  work,
}: {
  name?: string;
  cadence: Cadence;
  work?: (run: number) => Promise<void>;
}) {
  const runs: string[] = [];
  // Needs nothing from AppDeps, so it runs on any scheduler's deps.
  const job = defineJob<object>({
    name,
    cadence,
    run: async ({ now }) => {
      runs.push(now.toISOString());
      await work?.(runs.length);
      return { run: runs.length };
    },
  });
  return { job, runs };
}

/** A run that waits until the test lets it finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.push(open);
  return { opened, open };
}

describe('the job scheduler', () => {
  it('runs a job that fell due many times while the server was down exactly once when it starts', async () => {
    const { clock, startWith, row } = await setup();
    const { job, runs } = countedJob({ cadence: { everySeconds: 60 } });
    await startWith(job).stop();
    expect(runs).toHaveLength(1);
    // Three hours down: 180 minutes were due, one run makes up for them.
    clock.advance(3 * HOUR + 10_000);
    const again = startWith(job);
    await again.tick();
    await again.tick();
    expect(runs).toEqual(['2026-03-01T01:00:00.000Z', '2026-03-01T04:00:10.000Z']);
    expect((await row('counted'))?.f_due_time).toBe('2026-03-01T04:01:00.000Z');
  });

  it('does not start a job again while its run is still going, however many ticks come', async () => {
    const { clock, startWith } = await setup();
    const slow = gate();
    const { job, runs } = countedJob({ cadence: { everySeconds: 60 }, work: () => slow.opened });
    const scheduler = startWith(job);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    clock.advance(5 * MINUTE);
    void scheduler.tick();
    void scheduler.tick();
    slow.open();
    await scheduler.tick();
    expect(runs).toHaveLength(1);
  });

  it('lets only one of two processes on one database file run a job at a time', async () => {
    const { clock } = await setup();
    const dir = mkdtempSync(path.join(tmpdir(), 'jobs-'));
    const file = path.join(dir, 'app.db');
    // Two connections to one file, as two server processes would have.
    const [one, other] = [openDatabase({ file }), openDatabase({ file })];
    try {
      await migrateToLatest(one.db);
      const logger = pino({ level: 'silent' });
      const slow = gate();
      const first = countedJob({ cadence: { everySeconds: 60 }, work: () => slow.opened });
      const second = countedJob({ cadence: { everySeconds: 60 } });
      const running = startScheduler({
        deps: { db: one.db, clock, logger },
        jobs: [first.job],
        everyMs: HOUR,
      });
      await vi.waitFor(() => expect(first.runs).toHaveLength(1));
      // The other process's own start and ticks find the job taken in the database.
      const waiting = startScheduler({
        deps: { db: other.db, clock, logger },
        jobs: [second.job],
        everyMs: HOUR,
      });
      await waiting.tick();
      clock.advance(5 * MINUTE);
      await waiting.tick();
      expect(second.runs).toHaveLength(0);
      slow.open();
      await running.stop();
      expect(first.runs).toHaveLength(1);
      // Given back, it runs wherever the first tick after its next due time comes.
      await waiting.tick();
      expect(second.runs).toHaveLength(0);
      clock.advance(MINUTE);
      await waiting.tick();
      await waiting.stop();
      expect(second.runs).toHaveLength(1);
    } finally {
      await Promise.all([one.close(), other.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs a daily job at its Seoul time and not before, once a day', async () => {
    const { clock, startWith, row } = await setup('2026-03-01T10:00:00+09:00');
    const { job, runs } = countedJob({ cadence: { dailyAt: '09:00' } });
    const scheduler = startWith(job);
    await scheduler.tick();
    expect(runs).toHaveLength(1);
    const tickAt = async (time: string) => {
      clock.set(time);
      await scheduler.tick();
      return runs.length;
    };
    expect(await tickAt('2026-03-02T08:59:59+09:00')).toBe(1);
    expect(await tickAt('2026-03-02T09:00:00+09:00')).toBe(2);
    expect(await tickAt('2026-03-02T09:00:15+09:00')).toBe(2);
    expect(await tickAt('2026-03-03T00:00:00+09:00')).toBe(2);
    expect(await tickAt('2026-03-03T08:59:00+09:00')).toBe(2);
    expect(await tickAt('2026-03-03T09:00:20+09:00')).toBe(3);
    expect((await row('counted'))?.f_due_time).toBe(new Date('2026-03-04T09:00:00+09:00').toISOString());
  });

  it('runs an every-N-seconds job once in each N seconds, on the whole multiples of N', async () => {
    const { clock, startWith } = await setup('2026-03-01T10:00:10+09:00');
    const { job, runs } = countedJob({ cadence: { everySeconds: 30 } });
    const scheduler = startWith(job);
    for (const seconds of [0, 19, 20, 25, 35, 49, 60, 75, 80]) {
      clock.set(new Date(new Date('2026-03-01T10:00:10+09:00').getTime() + seconds * 1000));
      await scheduler.tick();
    }
    expect(runs.map((time) => new Date(time).toISOString().slice(11, 19))).toEqual([
      '01:00:10',
      '01:00:30',
      '01:01:10',
      '01:01:30',
    ]);
  });

  it('records and logs a failed run, keeps the other jobs going and tries it again at its next due time', async () => {
    const { clock, startWith, row, logged } = await setup('2026-03-01T10:00:00+09:00');
    const failing = countedJob({
      name: 'failing',
      cadence: { everySeconds: 300 },
      work: async (run) => {
        if (run === 1) throw new Error('push service unreachable');
      },
    });
    const other = countedJob({ name: 'other', cadence: { everySeconds: 300 } });
    const scheduler = startWith(failing.job, other.job);
    await scheduler.tick();
    expect(other.runs).toHaveLength(1);
    expect(await row('failing')).toMatchObject({
      f_last_outcome: 'failed',
      f_last_result: 'push service unreachable',
      f_last_start_time: '2026-03-01T01:00:00.000Z',
      f_due_time: '2026-03-01T01:05:00.000Z',
      f_claim: null,
    });
    const failed = logged.find((line) => line.job === 'failing');
    expect(failed).toMatchObject({
      level: 50,
      outcome: 'failed',
      err: { message: 'push service unreachable' },
    });
    expect(failed?.durationMs).toEqual(expect.any(Number));
    clock.advance(4 * MINUTE);
    await scheduler.tick();
    expect(failing.runs).toHaveLength(1);
    clock.advance(MINUTE);
    await scheduler.tick();
    expect(failing.runs).toHaveLength(2);
    expect(await row('failing')).toMatchObject({ f_last_outcome: 'ok', f_last_result: '{"run":2}' });
  });

  it('logs and records each run with the job, how long it took and what it returned', async () => {
    const { startWith, row, logged } = await setup();
    const { job } = countedJob({
      name: 'slow',
      cadence: { everySeconds: 60 },
      work: () => new Promise((resolve) => setTimeout(resolve, 30)),
    });
    await startWith(job).tick();
    const line = logged.find((l) => l.job === 'slow');
    expect(line).toMatchObject({ level: 30, outcome: 'ok', summary: { run: 1 } });
    expect(line?.durationMs).toBeGreaterThanOrEqual(25);
    const record = await row('slow');
    expect(record).toMatchObject({ f_last_outcome: 'ok', f_last_result: '{"run":1}' });
    expect(record?.f_last_duration_ms).toBeGreaterThanOrEqual(25);
  });

  it('keeps due times across a restart: a new scheduler does not run a job that is not due', async () => {
    const { clock, startWith } = await setup('2026-03-01T10:00:00+09:00');
    const { job, runs } = countedJob({ cadence: { dailyAt: '00:00' } });
    await startWith(job).stop();
    clock.set('2026-03-01T23:00:00+09:00');
    await startWith(job).stop();
    expect(runs).toHaveLength(1);
    clock.set('2026-03-02T00:00:05+09:00');
    await startWith(job).stop();
    expect(runs).toHaveLength(2);
  });

  it('waits on stop for the run in progress, records it, and starts nothing afterwards', async () => {
    const { clock, startWith, row } = await setup();
    const slow = gate();
    const { job, runs } = countedJob({ cadence: { everySeconds: 60 }, work: () => slow.opened });
    const scheduler = startWith(job);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    // Everything stop() could settle on its own has settled after a turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    expect((await row('counted'))?.f_last_outcome).toBe('ok');
    clock.advance(HOUR);
    await scheduler.tick();
    expect(runs).toHaveLength(1);
  });

  it('runs a woken job at once, before its due time, and leaves other jobs alone', async () => {
    const { clock, startWith, row } = await setup();
    const { job, runs } = countedJob({ cadence: { everySeconds: 3600 } });
    const other = countedJob({ name: 'other', cadence: { everySeconds: 3600 } });
    const scheduler = startWith(job, other.job);
    await scheduler.tick();
    expect(runs).toHaveLength(1);
    clock.advance(MINUTE);
    wakeJob('counted');
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    await scheduler.tick();
    expect(other.runs).toHaveLength(1);
    // The woken run records the next due time from its own end, as any run does.
    expect((await row('counted'))?.f_due_time).toBe('2026-03-01T02:00:00.000Z');
  });

  it('runs a job woken during its run once more after that run, for the work queued meanwhile', async () => {
    const { startWith } = await setup();
    const slow = gate();
    const { job, runs } = countedJob({
      cadence: { everySeconds: 3600 },
      work: (run) => (run === 1 ? slow.opened : Promise.resolve()),
    });
    const scheduler = startWith(job);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    wakeJob('counted');
    wakeJob('counted');
    slow.open();
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    await scheduler.tick();
    expect(runs).toHaveLength(2);
  });

  it('ignores wakes once stopped and wakes for jobs it does not run', async () => {
    const { clock, startWith } = await setup();
    const { job, runs } = countedJob({ cadence: { everySeconds: 3600 } });
    const scheduler = startWith(job);
    await scheduler.tick();
    clock.advance(MINUTE);
    wakeJob('unknown');
    await scheduler.stop();
    wakeJob('counted');
    // A run the wake had started would be in progress now, and tick() waits for runs in progress.
    await scheduler.tick();
    expect(runs).toHaveLength(1);
  });

  it('logs a run that found nothing to do at debug level but still records it', async () => {
    const { clock, logged, startWith, row } = await setup();
    let found = 0;
    const job = defineJob<object>({
      name: 'queue',
      cadence: { everySeconds: 60 },
      run: async () => ({ sent: found, pruned: 0 }),
    });
    const scheduler = startWith(job);
    await scheduler.tick();
    found = 3;
    clock.advance(MINUTE);
    await scheduler.tick();
    const ran = logged.filter((line) => line.msg === 'job ran');
    expect(ran.map((line) => (line.summary as { sent: number }).sent)).toEqual([3]);
    expect((await row('queue'))?.f_last_result).toBe('{"sent":3,"pruned":0}');
  });

  it('takes over a job left claimed by a process that died, once the claim lapses', async () => {
    const { clock, startWith } = await setup();
    const { job, runs } = countedJob({ cadence: { everySeconds: 60 } });
    const now = clock.now();
    await t.handle.all(
      'INSERT INTO job_schedule (f_name, f_due_time, f_claim, f_claim_until) VALUES (?, ?, ?, ?)',
      'counted',
      now.toISOString(),
      'dead-process',
      new Date(now.getTime() + CLAIM_MS).toISOString(),
    );
    const scheduler = startWith(job);
    await scheduler.tick();
    expect(runs).toHaveLength(0);
    clock.advance(CLAIM_MS);
    await scheduler.tick();
    expect(runs).toHaveLength(1);
  });

  it('refuses a cadence it cannot schedule and two jobs of one name', async () => {
    const { startWith } = await setup();
    const run = async () => undefined;
    expect(() => defineJob({ name: 'a', cadence: { dailyAt: '9:00' }, run })).toThrow(/HH:mm/);
    expect(() => defineJob({ name: 'a', cadence: { dailyAt: '24:00' }, run })).toThrow(/HH:mm/);
    expect(() => defineJob({ name: 'a', cadence: { everySeconds: 0 }, run })).toThrow(/everySeconds/);
    const job = defineJob({ name: 'a', cadence: { everySeconds: 1 }, run });
    expect(() => startWith(job, job)).toThrow(/share a name/);
  });
});
