import { type Kysely, sql } from 'kysely';

// Frozen once landed. Map search indexes (issue 6): an R*Tree of site positions for the
// viewport and radius, and a trigram FTS5 table of name + addresses for the keyword. Both
// hold exactly the sites the map may show (status N, not hidden, kind O or G, with a
// position) and are kept in step with `sites` by the triggers below, whoever writes the row.
// The FTS text must equal siteSearchText() in sync/map/filter.ts (a test compares them).

const visible = (row: 'NEW' | 's') =>
  sql.raw(
    `${row}.f_status = 'N' AND ${row}.f_hidden = 'N' AND ${row}.f_site_type IN ('O', 'G')
   AND ${row}.f_latitude IS NOT NULL AND ${row}.f_longitude IS NOT NULL`,
  );
const searchText = (row: 'NEW' | 's') =>
  sql.raw(
    `lower(replace(${row}.f_name, ' ', '') || '|' || replace(${row}.f_address1, ' ', '') || '|' || replace(${row}.f_address2, ' ', ''))`,
  );

export async function up(db: Kysely<any>): Promise<void> {
  // Points are stored as zero-size boxes; R*Tree keeps 32-bit floats, so queries re-check
  // the exact position on the site row.
  await sql`CREATE VIRTUAL TABLE map_rtree USING rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(db);
  // Lower-cased on the way in (SQLite's lower() folds ASCII only) and matched case-sensitively,
  // so the index and the offline search fold letters the same way.
  await sql`CREATE VIRTUAL TABLE map_fts USING fts5(text, tokenize = 'trigram case_sensitive 1')`.execute(db);

  await sql`
    CREATE TRIGGER map_sites_insert AFTER INSERT ON sites WHEN ${visible('NEW')}
    BEGIN
      INSERT INTO map_rtree (id, min_lat, max_lat, min_lng, max_lng)
        VALUES (NEW.f_idx, NEW.f_latitude, NEW.f_latitude, NEW.f_longitude, NEW.f_longitude);
      INSERT INTO map_fts (rowid, text) VALUES (NEW.f_idx, ${searchText('NEW')});
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER map_sites_update
    AFTER UPDATE OF f_name, f_address1, f_address2, f_latitude, f_longitude, f_status, f_hidden, f_site_type
    ON sites
    BEGIN
      DELETE FROM map_rtree WHERE id = OLD.f_idx;
      DELETE FROM map_fts WHERE rowid = OLD.f_idx;
      INSERT INTO map_rtree (id, min_lat, max_lat, min_lng, max_lng)
        SELECT NEW.f_idx, NEW.f_latitude, NEW.f_latitude, NEW.f_longitude, NEW.f_longitude WHERE ${visible('NEW')};
      INSERT INTO map_fts (rowid, text) SELECT NEW.f_idx, ${searchText('NEW')} WHERE ${visible('NEW')};
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER map_sites_delete AFTER DELETE ON sites
    BEGIN
      DELETE FROM map_rtree WHERE id = OLD.f_idx;
      DELETE FROM map_fts WHERE rowid = OLD.f_idx;
    END
  `.execute(db);

  await sql`
    INSERT INTO map_rtree (id, min_lat, max_lat, min_lng, max_lng)
      SELECT s.f_idx, s.f_latitude, s.f_latitude, s.f_longitude, s.f_longitude FROM sites s WHERE ${visible('s')}
  `.execute(db);
  await sql`
    INSERT INTO map_fts (rowid, text) SELECT s.f_idx, ${searchText('s')} FROM sites s WHERE ${visible('s')}
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['map_sites_insert', 'map_sites_update', 'map_sites_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS map_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS map_rtree`.execute(db);
}
