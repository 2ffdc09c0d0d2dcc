import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';

/**
 * How long a claim holds a job. Only a process that died mid-run leaves one behind (a run
 * that ends, well or not, gives the job back), so this is how long such a job waits; a run
 * is expected to finish well within it.
 */
export const CLAIM_MS = 10 * 60 * 1000;

/**
 * Takes the job for one run if it is due and nobody holds it, in one statement, so two
 * schedulers on one database cannot both take it. A job never seen before is inserted
 * taken: it is due at once. Returns whether this caller got it.
 */
export async function claimJob({
  db,
  name,
  claim,
  now,
}: {
  db: Db;
  name: string;
  claim: string;
  now: Date;
}): Promise<boolean> {
  const time = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  const row = await db
    .insertInto('job_schedule')
    .values({ f_name: name, f_due_time: time, f_claim: claim, f_claim_until: until })
    .onConflict((oc) =>
      oc
        .column('f_name')
        .doUpdateSet({ f_claim: claim, f_claim_until: until })
        .where('job_schedule.f_due_time', '<=', time)
        .where((eb) =>
          eb.or([eb('job_schedule.f_claim', 'is', null), eb('job_schedule.f_claim_until', '<=', time)]),
        ),
    )
    .returning('f_name')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes a job due now if it is due later (a wake, server/jobs/wake.ts). A job held by a run
 * keeps its claim: the run in progress records its next due time, and the waker asks again.
 */
export async function bringJobForward({ db, name, now }: { db: Db; name: string; now: Date }): Promise<void> {
  const time = now.toISOString();
  await db
    .updateTable('job_schedule')
    .set({ f_due_time: time })
    .where('f_name', '=', name)
    .where('f_due_time', '>', time)
    .execute();
}

/** Records how the run went and when the job is next due, and gives the job back. */
export async function finishJob({
  db,
  name,
  claim,
  start,
  durationMs,
  outcome,
  result,
  due,
}: {
  db: Db;
  name: string;
  claim: string;
  start: Date;
  durationMs: number;
  outcome: 'ok' | 'failed';
  result: string | null;
  due: Date;
}): Promise<boolean> {
  const done = await db
    .updateTable('job_schedule')
    .set({
      f_due_time: due.toISOString(),
      f_claim: null,
      f_claim_until: null,
      f_last_start_time: start.toISOString(),
      f_last_duration_ms: durationMs,
      f_last_outcome: outcome,
      f_last_result: result,
    })
    // A run that outlived its claim no longer owns the row: whoever took it over records it.
    .where('f_name', '=', name)
    .where('f_claim', '=', claim)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The last day a daily job counted (its own record, beside the scheduler's); undefined before its first run. */
export async function lastJobDate({ db, name }: { db: DbOrTx; name: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('job_runs')
    .select('f_last_date')
    .where('f_name', '=', name)
    .executeTakeFirst();
  return row?.f_last_date;
}

export async function recordJobDate({
  db,
  name,
  date,
  time,
}: {
  db: DbOrTx;
  name: string;
  date: string;
  time: string;
}): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ f_name: name, f_last_date: date, f_run_time: time })
    .onConflict((oc) => oc.column('f_name').doUpdateSet({ f_last_date: date, f_run_time: time }))
    .execute();
}

/** The PostgreSQL channel on which a wake reaches the scheduler of every instance (server/jobs/wake.ts). */
export const JOB_WAKE_CHANNEL = 'job_wake';

/**
 * PostgreSQL: tells every instance listening on JOB_WAKE_CHANNEL to run the job now, once the
 * caller's transaction commits (not at all if it rolls back). Answers false on SQLite, where
 * the one server process wakes its own scheduler.
 */
export async function announceJobWake({ db, name }: { db: DbOrTx; name: string }): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return false;
  await sql`SELECT pg_notify(${JOB_WAKE_CHANNEL}, ${name})`.execute(db);
  return true;
}
