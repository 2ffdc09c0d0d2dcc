import { type Kysely, sql } from 'kysely';

// Frozen once landed. Regional interest (spec §2 Home, §3 Area, §7 getAreaList, setAreaLike,
// setTotalAreaLike): the 시/군/구 a member likes. The home feed uses it, and notifications go to
// the members whose interest includes the site's district (or to everyone who chose none).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE area_likes (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_area_idx INTEGER NOT NULL REFERENCES areas(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_area_idx)
    ) WITHOUT ROWID
  `.execute(db);
  await sql`CREATE INDEX area_likes_area ON area_likes (f_area_idx, f_user_idx)`.execute(db);
}
