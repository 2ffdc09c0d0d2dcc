import { type Kysely, sql } from 'kysely';

// Frozen once landed. The scheduler of the server's timed work (server/jobs/): one row per
// named job with the time it is next due, so a restart neither forgets a due run nor repeats
// one that is not due. A run claims the row (f_claim, with a time it lapses at so a process
// that died mid-run does not hold the job forever) in one UPDATE, which is what keeps two
// schedulers on one database from running the same job at once. The last run's start,
// duration, outcome and summary (JSON) or error message are kept for whoever looks.
// A job's own bookkeeping (the expiry job's Seoul day in job_runs) stays where it is.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE job_schedule (
      f_name TEXT PRIMARY KEY,
      f_due_time TEXT NOT NULL,
      f_claim TEXT,
      f_claim_until TEXT,
      f_last_start_time TEXT,
      f_last_duration_ms INTEGER,
      f_last_outcome TEXT CHECK (f_last_outcome IN ('ok', 'failed')),
      f_last_result TEXT
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS job_schedule`.execute(db);
}
