import { type Kysely, sql } from 'kysely';

// Frozen once landed. A group keeps no site of someone outside it: leaving or being removed now
// releases the member's own shared sites (server/groups/membership.ts removeGroupMember). Sites
// left shared by members who left before that are released here; the feed triggers (0010) take
// them off the other members' devices at their next pull, as for a release by hand.

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
