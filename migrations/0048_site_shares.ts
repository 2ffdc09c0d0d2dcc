import { type Kysely, sql } from 'kysely';

// Frozen once landed. Issue 32: an agent shares a site with a customer through a link that opens
// a public page (server/shares/). One row per link: the site, the agent who made it (the page's
// contact), its unguessable token (the whole URL's secret, 144 random bits), when it ends, when it
// was stopped by hand, and how often it was opened. The token is kept as it is (not hashed) so the
// agent can copy a link again from the list; it opens only what the page shows a customer.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE site_shares (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_token TEXT NOT NULL UNIQUE,
      f_reg_time TEXT NOT NULL,
      f_expires_at TEXT NOT NULL,
      f_revoked_time TEXT,
      f_view_count INTEGER NOT NULL DEFAULT 0,
      f_last_view_time TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX site_shares_of_member ON site_shares (f_user_idx, f_site_idx, f_idx)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS site_shares`.execute(db);
}
