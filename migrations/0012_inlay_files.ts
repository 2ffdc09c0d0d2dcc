import { type Kysely, sql } from 'kysely';

// Frozen once landed. Which uploaded files are a site's inlay pictures (spec §3
// f_inlay_image_url), kept by triggers whoever writes the site, so that /uploads can tell a
// private inlay picture (f_inlay_private Y) from any other file with one indexed read and serve
// it only to those who may see it.

const fill = (site: string) => `INSERT OR IGNORE INTO site_inlay_files (url, f_site_idx)
  SELECT value, ${site}.f_idx FROM json_each(CASE WHEN json_valid(${site}.f_inlay_image_url)
    THEN ${site}.f_inlay_image_url ELSE '[]' END) WHERE type = 'text';`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE site_inlay_files (
      url TEXT NOT NULL,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      PRIMARY KEY (url, f_site_idx)
    ) WITHOUT ROWID
  `.execute(db);
  await sql`CREATE INDEX site_inlay_files_site ON site_inlay_files (f_site_idx)`.execute(db);
  await sql
    .raw(`INSERT OR IGNORE INTO site_inlay_files (url, f_site_idx)
      SELECT j.value, s.f_idx FROM sites s, json_each(CASE WHEN json_valid(s.f_inlay_image_url)
        THEN s.f_inlay_image_url ELSE '[]' END) j WHERE j.type = 'text'`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER site_inlay_files_insert AFTER INSERT ON sites BEGIN ${fill('NEW')} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER site_inlay_files_update AFTER UPDATE OF f_inlay_image_url ON sites BEGIN
      DELETE FROM site_inlay_files WHERE f_site_idx = NEW.f_idx;
      ${fill('NEW')}
    END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS site_inlay_files_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS site_inlay_files_insert`.execute(db);
  await sql`DROP TABLE IF EXISTS site_inlay_files`.execute(db);
}
