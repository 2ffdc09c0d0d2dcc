import { type Kysely, sql } from 'kysely';

// Frozen once landed. "Hide this writer" (reportOrPrevent P) keeps anonymity: a block remembers
// whether it was made from an anonymous post (f_anony 'Y': it hides that writer's anonymous posts
// and comments only) or from a named one ('N': their named writing only). One member may hold
// both blocks on one writer. A block made before this migration does not say which post it came
// from: it is named ('N') unless the writer had only anonymous posts then, the one case where it
// can only have come from an anonymous post.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE community_blocks_by_kind (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_blocked_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_anony TEXT NOT NULL CHECK (f_anony IN ('Y', 'N')),
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_blocked_user_idx, f_anony)
    )
  `.execute(db);
  await sql`
    INSERT INTO community_blocks_by_kind (f_user_idx, f_blocked_user_idx, f_anony, f_reg_time)
    SELECT b.f_user_idx, b.f_blocked_user_idx,
      CASE WHEN EXISTS (SELECT 1 FROM community_posts p
          WHERE p.f_user_idx = b.f_blocked_user_idx AND p.f_anony = 'Y' AND p.f_reg_time <= b.f_reg_time)
        AND NOT EXISTS (SELECT 1 FROM community_posts p
          WHERE p.f_user_idx = b.f_blocked_user_idx AND p.f_anony = 'N' AND p.f_reg_time <= b.f_reg_time)
      THEN 'Y' ELSE 'N' END,
      b.f_reg_time
    FROM community_blocks b
  `.execute(db);
  await sql`DROP TABLE community_blocks`.execute(db);
  await sql`ALTER TABLE community_blocks_by_kind RENAME TO community_blocks`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE community_blocks_any (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_blocked_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_blocked_user_idx)
    )
  `.execute(db);
  await sql`
    INSERT OR IGNORE INTO community_blocks_any (f_user_idx, f_blocked_user_idx, f_reg_time)
    SELECT f_user_idx, f_blocked_user_idx, f_reg_time FROM community_blocks
  `.execute(db);
  await sql`DROP TABLE community_blocks`.execute(db);
  await sql`ALTER TABLE community_blocks_any RENAME TO community_blocks`.execute(db);
}
