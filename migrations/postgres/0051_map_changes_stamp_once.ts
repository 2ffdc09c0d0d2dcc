import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL only: SQLite numbers a map change as it is written
// (migrations/0030_map_changes.ts), so it has nothing to stamp and no counterpart here.
//
// 0030_map_changes.ts stamps a transaction's map changes at commit once per provisional change:
// the first run renumbers them all, and every later run searched the f_seq index again, past the
// dead entries the first run left, to find nothing. In one transaction changing many map rows
// (a bulk load, a copy of a large database) that grew with the square of the changes: 2,000 rows
// took 1.7 s, 100,000 did not finish. Now map_change() marks its transaction (a transaction-local
// setting, as sync_version() marks a feed write in 0021_4_sync.ts) and the stamping renumbers only
// while the mark is set, clearing it first: once per transaction, and again only for changes
// written after a stamping (SET CONSTRAINTS ... IMMEDIATE). A rolled-back savepoint takes back
// its own mark with its own rows.

const PROVISIONAL = '4503599627370496';

const statements = [
  `CREATE OR REPLACE FUNCTION map_change(site bigint) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO map_changes (f_idx, f_seq) VALUES (site, ${PROVISIONAL} + nextval('map_changes_numbers'))
      ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq;
      PERFORM set_config('bunyang.map_pending', 'Y', true);
    END $$`,
  `CREATE OR REPLACE FUNCTION map_changes_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('bunyang.map_pending', true), '') <> 'Y' THEN RETURN NULL; END IF;
      PERFORM set_config('bunyang.map_pending', '', true);
      PERFORM 1 FROM sync_clock WHERE id = 1 FOR UPDATE;
      UPDATE map_changes SET f_seq = nextval('map_changes_numbers') WHERE f_seq >= ${PROVISIONAL};
      RETURN NULL;
    END $$`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
