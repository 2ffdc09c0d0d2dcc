import { type Kysely, sql } from 'kysely';

// Frozen once landed. Public-data look-ups (spec §4, §7):
// - public_data_cache: a provider's answer per (service, key = pnu and parameters), with the
//   source that gave it (a cached sample is not served once a real key is configured) and when
//   it was fetched; the data is published yearly, so answers live for days.
// - public_data_calls: look-ups a member started per minute (the rate limit counts in the
//   database, like the SMS limits, so a restart does not reset it).
// - officetel_prices: the officetel standard prices admins import from the yearly published
//   file (no public API serves them); levels building, dong, floor, ho.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE public_data_cache (
      f_service TEXT NOT NULL,
      f_key TEXT NOT NULL,
      f_source TEXT NOT NULL,
      f_body TEXT NOT NULL,
      f_fetched_at TEXT NOT NULL,
      f_expires_at TEXT NOT NULL,
      PRIMARY KEY (f_service, f_key)
    ) WITHOUT ROWID
  `.execute(db);
  await sql`CREATE INDEX public_data_cache_expiry ON public_data_cache (f_expires_at)`.execute(db);
  await sql`
    CREATE TABLE public_data_calls (
      f_user_idx INTEGER NOT NULL,
      f_minute TEXT NOT NULL,
      f_count INTEGER NOT NULL,
      PRIMARY KEY (f_user_idx, f_minute)
    ) WITHOUT ROWID
  `.execute(db);
  await sql`
    CREATE TABLE officetel_prices (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_year TEXT NOT NULL,
      f_pnu TEXT NOT NULL,
      f_build_addr TEXT NOT NULL,
      f_buildnum TEXT NOT NULL,
      f_dong TEXT NOT NULL,
      f_floor TEXT NOT NULL,
      f_ho TEXT NOT NULL,
      f_pbdate TEXT NOT NULL,
      f_totarea REAL NOT NULL,
      f_sharea REAL NOT NULL,
      f_pbprice INTEGER NOT NULL,
      UNIQUE (f_pnu, f_buildnum, f_dong, f_floor, f_ho, f_year)
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS officetel_prices`.execute(db);
  await sql`DROP TABLE IF EXISTS public_data_calls`.execute(db);
  await sql`DROP TABLE IF EXISTS public_data_cache`.execute(db);
}
