import { sql } from 'kysely';
import type { AdminGroupItem, GroupMember, MyGroup } from '../../sync/api/groups.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { DbOrTx } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';

/** The groups' SQL. Membership itself is checked by membership.ts alone. */

const memberCount = sql<number>`(SELECT COUNT(*) FROM group_members c WHERE c.f_group_idx = g.f_idx)`;
/** Registered sites shared to the group (what its members see in the group sites tab). */
const siteCount = sql<number>`(SELECT COUNT(*) FROM sites s WHERE s.f_group_idx = g.f_idx AND s.f_status = 'N')`;

function myGroupsQuery({ db, userIdx }: { db: DbOrTx; userIdx: number }) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.f_idx', 'gm.f_group_idx')
    .where('gm.f_user_idx', '=', userIdx)
    .select([
      'g.f_idx',
      'g.f_name',
      sql<'Y' | 'N'>`CASE WHEN g.f_owner_idx = ${userIdx} THEN 'Y' ELSE 'N' END`.as('f_is_owner'),
      memberCount.as('f_member_count'),
      siteCount.as('f_site_count'),
    ]);
}

export function myGroups({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<MyGroup[]> {
  return myGroupsQuery({ db, userIdx }).orderBy('g.f_name').orderBy('g.f_idx').execute();
}

export async function myGroup({
  db,
  userIdx,
  groupIdx,
}: {
  db: DbOrTx;
  userIdx: number;
  groupIdx: number;
}): Promise<MyGroup | null> {
  return (await myGroupsQuery({ db, userIdx }).where('g.f_idx', '=', groupIdx).executeTakeFirst()) ?? null;
}

/** The group opened last, else joined last. */
export async function recentGroupIdx({
  db,
  userIdx,
}: {
  db: DbOrTx;
  userIdx: number;
}): Promise<number | null> {
  const row = await db
    .selectFrom('group_members')
    .select('f_group_idx')
    .where('f_user_idx', '=', userIdx)
    .orderBy(sql`COALESCE(f_last_visit, f_reg_time)`, 'desc')
    .orderBy('f_group_idx', 'desc')
    .executeTakeFirst();
  return row?.f_group_idx ?? null;
}

export async function recordVisit({
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
    .updateTable('group_members')
    .set({ f_last_visit: now.toISOString() })
    .where('f_group_idx', '=', groupIdx)
    .where('f_user_idx', '=', userIdx)
    .execute();
}

export async function groupOwner({ db, groupIdx }: { db: DbOrTx; groupIdx: number }): Promise<number | null> {
  const row = await db
    .selectFrom('groups')
    .select('f_owner_idx')
    .where('f_idx', '=', groupIdx)
    .executeTakeFirst();
  return row?.f_owner_idx ?? null;
}

/** Members, the owner first, then by when they joined. */
export function membersOf({ db, groupIdx }: { db: DbOrTx; groupIdx: number }): Promise<GroupMember[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.f_idx', 'gm.f_group_idx')
    .innerJoin('users as u', 'u.f_idx', 'gm.f_user_idx')
    .where('gm.f_group_idx', '=', groupIdx)
    .select([
      'u.f_idx as f_user_idx',
      'u.f_name as f_user_name',
      'u.f_phone',
      sql<'Y' | 'N'>`CASE WHEN g.f_owner_idx = u.f_idx THEN 'Y' ELSE 'N' END`.as('f_is_owner'),
    ])
    .orderBy(sql`g.f_owner_idx = u.f_idx`, 'desc')
    .orderBy('gm.f_reg_time')
    .orderBy('u.f_idx')
    .execute();
}

/** An approved, not withdrawn member by phone: the only kind who may join a group. */
export async function approvedMemberByPhone({
  db,
  phone,
}: {
  db: DbOrTx;
  phone: string;
}): Promise<{ f_idx: number; f_name: string; f_phone: string } | null> {
  return (
    (await db
      .selectFrom('users')
      .select(['f_idx', 'f_name', 'f_phone'])
      .where('f_phone', '=', phone)
      .where('f_approval', '=', 'A')
      .where('f_withdrawn_time', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

export async function renameGroup({
  db,
  groupIdx,
  name,
}: {
  db: DbOrTx;
  groupIdx: number;
  name: string;
}): Promise<void> {
  await db.updateTable('groups').set({ f_name: name }).where('f_idx', '=', groupIdx).execute();
}

/** The member who has been in the group longest. */
export async function longestMember({
  db,
  groupIdx,
}: {
  db: DbOrTx;
  groupIdx: number;
}): Promise<number | null> {
  const row = await db
    .selectFrom('group_members')
    .select('f_user_idx')
    .where('f_group_idx', '=', groupIdx)
    .orderBy('f_reg_time')
    .orderBy('f_user_idx')
    .executeTakeFirst();
  return row?.f_user_idx ?? null;
}

export async function setOwner({
  db,
  groupIdx,
  ownerIdx,
}: {
  db: DbOrTx;
  groupIdx: number;
  ownerIdx: number;
}): Promise<void> {
  await db.updateTable('groups').set({ f_owner_idx: ownerIdx }).where('f_idx', '=', groupIdx).execute();
}

/** Ends a group with no members: its sites are shared with no one first, so every device hears of it. */
export async function deleteGroup({ db, groupIdx }: { db: DbOrTx; groupIdx: number }): Promise<void> {
  await db.updateTable('sites').set({ f_group_idx: null }).where('f_group_idx', '=', groupIdx).execute();
  await db.deleteFrom('groups').where('f_idx', '=', groupIdx).execute();
}

export function allGroupsPage({ db, page }: { db: DbOrTx; page: number }): Promise<Page<AdminGroupItem>> {
  return selectPage({
    query: db
      .selectFrom('groups as g')
      .innerJoin('users as o', 'o.f_idx', 'g.f_owner_idx')
      .select([
        'g.f_idx',
        'g.f_name',
        'g.f_reg_time',
        'o.f_name as f_owner_name',
        'o.f_phone as f_owner_phone',
        memberCount.as('f_member_count'),
        siteCount.as('f_site_count'),
      ])
      .orderBy('g.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}
