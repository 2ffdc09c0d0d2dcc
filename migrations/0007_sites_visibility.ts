import { type Kysely, sql } from 'kysely';

// Frozen once landed. Site visibility and expiry (issue 5, part B):
// - site_states: when a site was deleted (status D), hidden or completed, and who hid it
//   (O owner, A admin, E the expiry job). The admin site screen pages its D/H/C tabs by these
//   days; rows written before this table existed fall back to the site's f_update_time.
//   A table of its own rather than columns on sites: a pulled site row carries every column
//   of `sites`, and these times are the back office's business, not the device's.
// - job_runs: the Seoul calendar day each daily job last ran, so a second run the same day
//   changes nothing and a run after missed days counts them all.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE site_states (
      f_site_idx INTEGER PRIMARY KEY REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_deleted_time TEXT,
      f_hidden_time TEXT,
      f_hidden_by TEXT CHECK (f_hidden_by IN ('O', 'A', 'E')),
      f_complete_time TEXT
    )
  `.execute(db);

  await sql`
    CREATE TABLE job_runs (
      f_name TEXT PRIMARY KEY,
      f_last_date TEXT NOT NULL,
      f_run_time TEXT NOT NULL
    )
  `.execute(db);

  // The admin tabs list deleted, hidden and completed sites; the expiry job reads visible general sites.
  await sql`CREATE INDEX sites_state ON sites (f_status, f_hidden, f_complete)`.execute(db);
  await sql`CREATE INDEX sites_general_expiry ON sites (f_remain_days_till_hide) WHERE f_site_type = 'G' AND f_status = 'N' AND f_hidden = 'N'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sites_general_expiry`.execute(db);
  await sql`DROP INDEX IF EXISTS sites_state`.execute(db);
  await sql`DROP TABLE IF EXISTS job_runs`.execute(db);
  await sql`DROP TABLE IF EXISTS site_states`.execute(db);
}
