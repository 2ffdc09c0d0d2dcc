import { type Kysely, sql } from 'kysely';

// Frozen once landed. Site and unit reports (spec §3 Report, §4 Reports, §9 rewards):
// - one row per report: the reporter, the site and (for a unit report) the unit with its label
//   as it read when reported, type, sale state claimed, memo and pictures, and the admin's
//   decision (pending U, accepted T, rejected F) with who decided, when and the points credited.
// - f_report_day is the Seoul calendar day of the report: the unique index lets one member report
//   the same site, unit and type once a day, so two identical reports arriving together cannot
//   both land whatever path they took. A site report has no unit (0 in the index).
// - f_ho_idx has no foreign key: a site's units are rewritten when it is saved, and a report
//   keeps the unit it was about (f_ho_label) for the result list.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_ho_idx INTEGER,
      f_ho_label TEXT NOT NULL DEFAULT '',
      f_report_type TEXT NOT NULL CHECK (f_report_type IN ('HC', 'HW', 'US', 'SC', 'SS', 'SR', 'STC', 'PC')),
      f_complete_status TEXT NOT NULL DEFAULT 'N' CHECK (f_complete_status IN ('Y', 'N')),
      f_memo TEXT NOT NULL DEFAULT '',
      f_memo_images TEXT NOT NULL DEFAULT '[]',
      f_report_date TEXT NOT NULL,
      f_report_day TEXT NOT NULL,
      f_result_type TEXT NOT NULL DEFAULT 'U' CHECK (f_result_type IN ('U', 'T', 'F')),
      f_result_date TEXT,
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_point INTEGER NOT NULL DEFAULT 0,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx) ON DELETE SET NULL
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX reports_once_a_day
    ON reports (f_user_idx, f_site_idx, ifnull(f_ho_idx, 0), f_report_type, f_report_day)`.execute(db);
  await sql`CREATE INDEX reports_by_reporter ON reports (f_user_idx, f_report_date)`.execute(db);
  await sql`CREATE INDEX reports_by_result ON reports (f_result_type, f_report_date)`.execute(db);
  await sql`CREATE INDEX reports_by_day ON reports (f_report_day)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS reports`.execute(db);
}
