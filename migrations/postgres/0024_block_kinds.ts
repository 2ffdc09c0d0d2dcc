import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL counterpart of migrations/0024_block_kinds.ts: a block of a
// writer remembers the kind of the post it was made from (f_anony), one member may hold both, and
// an older block is named unless the writer had only anonymous posts when it was made.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE community_blocks ADD COLUMN f_anony TEXT COLLATE "C" NOT NULL DEFAULT 'N' CHECK (f_anony IN ('Y', 'N'))`.execute(
    db,
  );
  await sql`
    UPDATE community_blocks b SET f_anony = 'Y'
    WHERE EXISTS (SELECT 1 FROM community_posts p
        WHERE p.f_user_idx = b.f_blocked_user_idx AND p.f_anony = 'Y' AND p.f_reg_time <= b.f_reg_time)
      AND NOT EXISTS (SELECT 1 FROM community_posts p
        WHERE p.f_user_idx = b.f_blocked_user_idx AND p.f_anony = 'N' AND p.f_reg_time <= b.f_reg_time)
  `.execute(db);
  await sql`ALTER TABLE community_blocks ALTER COLUMN f_anony DROP DEFAULT`.execute(db);
  await sql`ALTER TABLE community_blocks DROP CONSTRAINT community_blocks_pkey`.execute(db);
  await sql`ALTER TABLE community_blocks ADD PRIMARY KEY (f_user_idx, f_blocked_user_idx, f_anony)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM community_blocks WHERE f_anony = 'Y' AND EXISTS (SELECT 1 FROM community_blocks n
    WHERE n.f_user_idx = community_blocks.f_user_idx AND n.f_blocked_user_idx = community_blocks.f_blocked_user_idx
      AND n.f_anony = 'N')`.execute(db);
  await sql`ALTER TABLE community_blocks DROP CONSTRAINT community_blocks_pkey`.execute(db);
  await sql`ALTER TABLE community_blocks DROP COLUMN f_anony`.execute(db);
  await sql`ALTER TABLE community_blocks ADD PRIMARY KEY (f_user_idx, f_blocked_user_idx)`.execute(db);
}
