import { type Kysely, sql } from 'kysely';

// Frozen once landed. Which map_sites rows changed, for the server's in-memory copy of them
// (server/map/map.mirror.ts): one row per site ever written, with the number of its latest
// change. Numbers only grow (each change takes the highest plus one, and a site's earlier
// number is replaced), so "what changed since n" is one range read of the f_seq index and the
// table never holds more rows than there are sites. Triggers on map_sites itself catch every
// path that writes it (0005's triggers on sites, site_rooms and hos). PostgreSQL numbers them at
// commit instead (migrations/postgres/0030_map_changes.ts).

// (An upsert from a SELECT needs its WHERE, if only `WHERE 1`, for SQLite to parse ON CONFLICT.)
const log = (row: 'NEW' | 'OLD', when = '1') =>
  `INSERT INTO map_changes (f_idx, f_seq)
   SELECT ${row}.f_idx, (SELECT coalesce(max(f_seq), 0) + 1 FROM map_changes) WHERE ${when}
   ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE map_changes (f_idx INTEGER PRIMARY KEY, f_seq INTEGER NOT NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX map_changes_seq ON map_changes (f_seq)`.execute(db);
  await sql
    .raw(`CREATE TRIGGER map_changes_insert AFTER INSERT ON map_sites BEGIN ${log('NEW')}; END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER map_changes_update AFTER UPDATE ON map_sites BEGIN
         ${log('NEW')};
         ${log('OLD', 'OLD.f_idx <> NEW.f_idx')};
       END`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER map_changes_delete AFTER DELETE ON map_sites BEGIN ${log('OLD')}; END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['map_changes_insert', 'map_changes_update', 'map_changes_delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS map_changes`.execute(db);
}
