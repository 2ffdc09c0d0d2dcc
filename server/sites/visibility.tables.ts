/** When a site entered the deleted (D), hidden or completed state (migrations/0007_sites_visibility.ts). */
export interface SiteStatesTable {
  f_site_idx: number;
  f_deleted_time: string | null;
  f_hidden_time: string | null;
  /** Who hid it: O owner, A admin, E the expiry job. */
  f_hidden_by: 'O' | 'A' | 'E' | null;
  f_complete_time: string | null;
}

/** The Seoul calendar day a daily job last ran (server/jobs/). */
export interface JobRunsTable {
  f_name: string;
  f_last_date: string;
  f_run_time: string;
}

export interface VisibilityTables {
  site_states: SiteStatesTable;
  job_runs: JobRunsTable;
}
