import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL counterpart of migrations/0025_group_sites_of_members.ts: sites
// still shared to a group their owner left are shared with no one; the feed triggers take them off
// the other members' devices.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE sites SET f_group_idx = NULL
    WHERE f_group_idx IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = sites.f_group_idx AND gm.f_user_idx = sites.f_user_idx)
  `.execute(db);
}

export async function down(_db: Kysely<any>): Promise<void> {
  // Which group a released site was in is not kept: nothing to undo.
}
