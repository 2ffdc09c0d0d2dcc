/** One row per scheduled job: when it is next due and how its last run went (migrations/0008_jobs.ts). */
export interface JobScheduleTable {
  f_name: string;
  /** ISO-8601 UTC. */
  f_due_time: string;
  /** The id of the run holding the job, null when none does. */
  f_claim: string | null;
  /** When a claim lapses: a process that died mid-run gives the job back then. */
  f_claim_until: string | null;
  f_last_start_time: string | null;
  f_last_duration_ms: number | null;
  f_last_outcome: 'ok' | 'failed' | null;
  /** The summary the run returned (JSON), or the error message of a failed run. */
  f_last_result: string | null;
}

export interface JobsTables {
  job_schedule: JobScheduleTable;
}
