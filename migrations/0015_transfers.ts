import { type Kysely, sql } from 'kysely';

// Frozen once landed. Spec §4 Transfer: every handover of a site from one member to another
// (server/sites/transfer.service.ts), kept for admins (the site detail's transfer history).
// f_from_group_idx keeps the group the site was shared to before the transfer, because the
// transfer releases that link: the record is where it survives.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE site_transfers (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_from_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_to_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_by_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_from_group_idx INTEGER,
      f_reg_time TEXT NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX site_transfers_site ON site_transfers (f_site_idx, f_reg_time)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS site_transfers`.execute(db);
}
