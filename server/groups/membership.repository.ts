import type { Db, DbOrTx } from '../db/database.ts';
import { runStatement } from '../db/statements.ts';

/**
 * The rows of group membership (membership.ts holds the rule that reads them). Membership and
 * a site's group decide what a member's sync scope holds; the feed triggers of
 * migrations/0003_sync.ts and 0010 bring a group's sites to a new member and take them from one
 * who leaves, whichever code path changes these rows.
 */

/** Whether the member has a row in the group (every group-scoped check asks). */
export async function hasGroupMember({
  db,
  groupIdx,
  userIdx,
}: {
  db: DbOrTx;
  groupIdx: number;
  userIdx: number;
}): Promise<boolean> {
  const { rows } = await runStatement({
    db,
    sql: 'SELECT 1 AS one FROM group_members WHERE f_group_idx = ? AND f_user_idx = ?',
    params: [groupIdx, userIdx],
  });
  return rows.length > 0;
}

/** The member's groups, by name. */
export async function groupsOfMember({
  db,
  userIdx,
}: {
  db: DbOrTx;
  userIdx: number;
}): Promise<Array<{ f_idx: number; f_name: string }>> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.f_idx', 'gm.f_group_idx')
    .select(['g.f_idx', 'g.f_name'])
    .where('gm.f_user_idx', '=', userIdx)
    .orderBy('g.f_name')
    .orderBy('g.f_idx')
    .execute();
}

/** Creates a group in the caller's transaction; its owner is its first member and has just opened it. */
export async function insertGroup({
  db,
  name,
  ownerIdx,
  now,
}: {
  db: DbOrTx;
  name: string;
  ownerIdx: number;
  now: Date;
}): Promise<number> {
  const group = await db
    .insertInto('groups')
    .values({ f_name: name, f_owner_idx: ownerIdx, f_reg_time: now.toISOString() })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('group_members')
    .values({
      f_group_idx: group.f_idx,
      f_user_idx: ownerIdx,
      f_reg_time: now.toISOString(),
      f_last_visit: now.toISOString(),
    })
    .execute();
  return group.f_idx;
}

/** Creates a group in a transaction of its own (tests and seeding). */
export async function createGroup(args: {
  db: Db;
  name: string;
  ownerIdx: number;
  now: Date;
}): Promise<number> {
  return args.db.transaction().execute((tx) => insertGroup({ ...args, db: tx }));
}

export async function addGroupMember({
  db,
  groupIdx,
  userIdx,
  now,
}: {
  db: DbOrTx;
  groupIdx: number;
  userIdx: number;
  now: Date;
}): Promise<void> {
  await db
    .insertInto('group_members')
    .values({ f_group_idx: groupIdx, f_user_idx: userIdx, f_reg_time: now.toISOString(), f_last_visit: null })
    .onConflict((oc) => oc.columns(['f_group_idx', 'f_user_idx']).doNothing())
    .execute();
}

/**
 * Removing a member (or the member leaving: spec §4, removing your own phone is leaving). The
 * member's own sites shared to the group are released first: a group keeps no site of someone
 * outside it (its members would keep edit rights and copies of it). The feed triggers take them
 * off the other members' devices.
 */
export async function removeGroupMember({
  db,
  groupIdx,
  userIdx,
}: {
  db: DbOrTx;
  groupIdx: number;
  userIdx: number;
}): Promise<void> {
  await db
    .updateTable('sites')
    .set({ f_group_idx: null })
    .where('f_group_idx', '=', groupIdx)
    .where('f_user_idx', '=', userIdx)
    .execute();
  await db
    .deleteFrom('group_members')
    .where('f_group_idx', '=', groupIdx)
    .where('f_user_idx', '=', userIdx)
    .execute();
}

/** Shares a site to a group, or releases it with null (spec §7 shareSiteToGroup, releaseSiteFromGroup). */
export async function setSiteGroup({
  db,
  siteIdx,
  groupIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  groupIdx: number | null;
}): Promise<void> {
  await db.updateTable('sites').set({ f_group_idx: groupIdx }).where('f_idx', '=', siteIdx).execute();
}
