import { type Kysely, sql } from 'kysely';

// Frozen once landed. The home ads (spec §3 Ad, §9: 10 slots): one row per slot, made here so a
// slot is only ever updated. A slot shows on the home while it has an image and its period (days
// from f_start_time, when the period was last set) has not run out. The home setting itself
// (logo, link, search hint, ads duration and mode) stays in app_settings (0001).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE ads (
      f_idx INTEGER PRIMARY KEY CHECK (f_idx BETWEEN 1 AND 10),
      f_image_url TEXT NOT NULL DEFAULT '',
      f_connect_type TEXT NOT NULL DEFAULT '' CHECK (f_connect_type IN ('', 'S', 'C', 'I', 'L')),
      f_connect_value TEXT NOT NULL DEFAULT '',
      f_period_day INTEGER NOT NULL DEFAULT 0 CHECK (f_period_day >= 0),
      f_start_time TEXT,
      f_update_time TEXT
    )
  `.execute(db);
  for (let slot = 1; slot <= 10; slot++) {
    await sql`INSERT INTO ads (f_idx) VALUES (${slot})`.execute(db);
  }
}
