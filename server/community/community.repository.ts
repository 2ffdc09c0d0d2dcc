import { type Insertable, sql, type Updateable } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import type { CommunityType, SearchColumn } from '../../sync/community/rules.ts';
import { Limits } from '../../sync/constants.ts';
import type { DbOrTx } from '../db/database.ts';
import { containsKeyword } from '../db/keyword.ts';
import { selectPage } from '../db/paging.ts';
import type { CommunityCommentsTable, CommunityPostsTable, NewPost } from './community.tables.ts';

/** A post row as the lists and the detail read it, before the viewer's masking (masking.ts). */
export interface PostRecord {
  f_idx: number;
  f_type: CommunityType;
  f_title: string;
  f_content: string;
  f_phone: string;
  f_anony: 'Y' | 'N';
  f_made: 'Y' | 'N';
  f_made_until: string | null;
  f_push: 'Y' | 'N';
  f_image_url: string;
  f_user_idx: number;
  f_user_name: string;
  f_reg_time: string;
  f_update_time: string | null;
  comment_count: number;
}

function postsQuery(db: DbOrTx) {
  return db
    .selectFrom('community_posts as p')
    .innerJoin('users as u', 'u.f_idx', 'p.f_user_idx')
    .where('p.f_removed_time', 'is', null)
    .select([
      'p.f_idx',
      'p.f_type',
      'p.f_title',
      'p.f_content',
      'p.f_phone',
      'p.f_anony',
      'p.f_made',
      'p.f_made_until',
      'p.f_push',
      'p.f_image_url',
      'p.f_user_idx',
      'u.f_name as f_user_name',
      'p.f_reg_time',
      'p.f_update_time',
    ])
    .select((eb) =>
      eb
        .selectFrom('community_comments as c')
        .whereRef('c.f_community_idx', '=', 'p.f_idx')
        .select(sql<number>`COUNT(*)`.as('n'))
        .as('comment_count'),
    )
    .$castTo<PostRecord>();
}

interface PostFilter {
  db: DbOrTx;
  viewerIdx: number;
  moderator: boolean;
  type: CommunityType | '';
  column: SearchColumn;
  keyword: string;
  writerIdx: number | null;
}

/**
 * The posts a list shows: one category or all, without the writers the viewer stopped seeing
 * (their posts of the kind each block was made from);
 * `writerIdx` keeps one writer's posts (mine, or an admin's look by phone). Writer search never
 * matches an anonymous post unless `moderator`, so a name cannot be probed behind anonymity.
 * `keyword` arrives with its spaces stripped.
 */
function filteredPosts({ db, viewerIdx, moderator, type, column, keyword, writerIdx }: PostFilter) {
  let query = postsQuery(db).where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('community_blocks as b')
          .select('b.f_user_idx')
          .where('b.f_user_idx', '=', viewerIdx)
          .whereRef('b.f_blocked_user_idx', '=', 'p.f_user_idx')
          // A block hides the writing of the kind it was made from (community.tables.ts).
          .whereRef('b.f_anony', '=', 'p.f_anony'),
      ),
    ),
  );
  if (type !== '') query = query.where('p.f_type', '=', type);
  if (writerIdx !== null) query = query.where('p.f_user_idx', '=', writerIdx);
  if (keyword !== '') {
    if (column === 'writer') {
      query = query.where(containsKeyword({ db, text: sql`REPLACE(u.f_name, ' ', '')`, keyword }));
      if (!moderator) query = query.where('p.f_anony', '=', 'N');
    } else {
      const field = column === 'title' ? sql.ref('p.f_title') : sql.ref('p.f_content');
      query = query.where(containsKeyword({ db, text: sql`REPLACE(${field}, ' ', '')`, keyword }));
    }
  }
  return query;
}

/** Spec §2 Community list: made+ posts still pinned at `now` first, then the newest. */
export function postPage({
  now,
  page,
  ...filter
}: PostFilter & { now: Date; page: number }): Promise<Page<PostRecord>> {
  return selectPage({
    query: filteredPosts(filter)
      .orderBy(sql`CASE WHEN p.f_made_until > ${now.toISOString()} THEN 0 ELSE 1 END`)
      .orderBy('p.f_reg_time', 'desc')
      .orderBy('p.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

/**
 * The admin's community list: the same filters with each post's report count (reportOrPrevent R).
 * `reportedOnly` keeps the reported posts, the most reported first, so an admin acts on them.
 */
export function adminPostPage({
  now,
  page,
  reportedOnly,
  ...filter
}: PostFilter & { now: Date; page: number; reportedOnly: boolean }): Promise<
  Page<PostRecord & { report_count: number }>
> {
  let query = filteredPosts(filter).select((eb) =>
    eb
      .selectFrom('community_reports as r')
      .whereRef('r.f_community_idx', '=', 'p.f_idx')
      .select(sql<number>`COUNT(*)`.as('n'))
      .as('report_count'),
  );
  if (reportedOnly) {
    query = query
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('community_reports as r')
            .select('r.f_idx')
            .whereRef('r.f_community_idx', '=', 'p.f_idx'),
        ),
      )
      .orderBy(sql`report_count`, 'desc');
  } else {
    query = query.orderBy(sql`CASE WHEN p.f_made_until > ${now.toISOString()} THEN 0 ELSE 1 END`);
  }
  return selectPage({
    query: query
      .orderBy('p.f_reg_time', 'desc')
      .orderBy('p.f_idx', 'desc')
      .$castTo<PostRecord & { report_count: number }>(),
    page,
    limit: Limits.pageSize,
  });
}

export function findPost({ db, postIdx }: { db: DbOrTx; postIdx: number }): Promise<PostRecord | undefined> {
  return postsQuery(db).where('p.f_idx', '=', postIdx).executeTakeFirst();
}

export async function insertPost({ db, post }: { db: DbOrTx; post: NewPost }): Promise<number> {
  const row = await db
    .insertInto('community_posts')
    .values(post)
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/** Posts the member published on a Seoul day, removed ones included (the daily limit counts them). */
export async function countPostsOnDay({
  db,
  userIdx,
  day,
}: {
  db: DbOrTx;
  userIdx: number;
  day: string;
}): Promise<number> {
  const row = await db
    .selectFrom('community_posts')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('f_user_idx', '=', userIdx)
    .where('f_reg_day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CommentRecord {
  f_idx: number;
  f_community_idx: number;
  f_comment: string;
  f_anony: 'Y' | 'N';
  f_user_idx: number;
  f_user_name: string;
  f_reg_time: string;
}

export function commentsOf({ db, postIdx }: { db: DbOrTx; postIdx: number }): Promise<CommentRecord[]> {
  return db
    .selectFrom('community_comments as c')
    .innerJoin('users as u', 'u.f_idx', 'c.f_user_idx')
    .where('c.f_community_idx', '=', postIdx)
    .select([
      'c.f_idx',
      'c.f_community_idx',
      'c.f_comment',
      'c.f_anony',
      'c.f_user_idx',
      'u.f_name as f_user_name',
      'c.f_reg_time',
    ])
    .orderBy('c.f_idx', 'asc')
    .execute();
}

export async function findComment({
  db,
  postIdx,
  commentIdx,
}: {
  db: DbOrTx;
  postIdx: number;
  commentIdx: number;
}): Promise<CommentRecord | undefined> {
  return db
    .selectFrom('community_comments as c')
    .innerJoin('users as u', 'u.f_idx', 'c.f_user_idx')
    .where('c.f_community_idx', '=', postIdx)
    .where('c.f_idx', '=', commentIdx)
    .select([
      'c.f_idx',
      'c.f_community_idx',
      'c.f_comment',
      'c.f_anony',
      'c.f_user_idx',
      'u.f_name as f_user_name',
      'c.f_reg_time',
    ])
    .executeTakeFirst();
}

/** Approved members who take pushes, other than the writer: who a push post should reach. */
export async function recordPushRecipients({
  db,
  postIdx,
  writerIdx,
  now,
}: {
  db: DbOrTx;
  postIdx: number;
  writerIdx: number;
  now: Date;
}): Promise<number> {
  const result = await sql`
    INSERT INTO community_push_recipients (f_community_idx, f_user_idx, f_reg_time)
    SELECT ${postIdx}, f_idx, ${now.toISOString()} FROM users
    WHERE f_approval = 'A' AND f_push = 'Y' AND f_withdrawn_time IS NULL AND f_idx <> ${writerIdx}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Who a push of the post was recorded for (recordPushRecipients): its Web Push goes to them. */
export async function pushRecipientsOf({ db, postIdx }: { db: DbOrTx; postIdx: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('community_push_recipients')
    .select('f_user_idx')
    .where('f_community_idx', '=', postIdx)
    .execute();
  return rows.map((r) => r.f_user_idx);
}

/** The member a phone belongs to, or -1 (matches no post) when none does. */
export async function writerOfPhone({ db, phone }: { db: DbOrTx; phone: string }): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('f_idx')
    .where('f_phone', '=', phone.replace(/-/g, '').trim())
    .executeTakeFirst();
  return row?.f_idx ?? -1;
}

/** Posts pushed to the member that they have not opened, newest first. */
export function pushedPage({
  db,
  userIdx,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  page: number;
}): Promise<Page<PostRecord>> {
  return selectPage({
    query: postsQuery(db)
      .innerJoin('community_push_recipients as r', 'r.f_community_idx', 'p.f_idx')
      .where('r.f_user_idx', '=', userIdx)
      .where('r.f_read_time', 'is', null)
      .orderBy('p.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

/** The member opened a post: a push of it to them is read. */
export async function markPushRead({
  db,
  postIdx,
  userIdx,
  now,
}: {
  db: DbOrTx;
  postIdx: number;
  userIdx: number;
  now: Date;
}): Promise<void> {
  await db
    .updateTable('community_push_recipients')
    .set({ f_read_time: now.toISOString() })
    .where('f_community_idx', '=', postIdx)
    .where('f_user_idx', '=', userIdx)
    .where('f_read_time', 'is', null)
    .execute();
}

/** The member stopped seeing `blockedIdx`'s writing of this kind (reportOrPrevent P; anonymous or named). */
export async function hasBlocked({
  db,
  userIdx,
  blockedIdx,
  anony,
}: {
  db: DbOrTx;
  userIdx: number;
  blockedIdx: number;
  anony: 'Y' | 'N';
}): Promise<boolean> {
  const row = await db
    .selectFrom('community_blocks')
    .select('f_user_idx')
    .where('f_user_idx', '=', userIdx)
    .where('f_blocked_user_idx', '=', blockedIdx)
    .where('f_anony', '=', anony)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePostRow({
  db,
  postIdx,
  values,
}: {
  db: DbOrTx;
  postIdx: number;
  values: Updateable<CommunityPostsTable>;
}): Promise<void> {
  await db.updateTable('community_posts').set(values).where('f_idx', '=', postIdx).execute();
}

/** Posts leave the board (their rows stay, for the daily limit and the reports). */
export async function markPostsRemoved({
  db,
  postIdxs,
  time,
}: {
  db: DbOrTx;
  postIdxs: readonly number[];
  time: string;
}): Promise<void> {
  await db
    .updateTable('community_posts')
    .set({ f_removed_time: time })
    .where('f_idx', 'in', postIdxs)
    .execute();
}

/** A member's report of a post, once: false when they reported it already. */
export async function insertPostReport({
  db,
  postIdx,
  userIdx,
  time,
}: {
  db: DbOrTx;
  postIdx: number;
  userIdx: number;
  time: string;
}): Promise<boolean> {
  const inserted = await db
    .insertInto('community_reports')
    .values({ f_community_idx: postIdx, f_user_idx: userIdx, f_reg_time: time })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** reportOrPrevent P: the member stops seeing the writer's posts of the kind of the post it was made from. */
export async function insertBlock({
  db,
  userIdx,
  blockedIdx,
  anony,
  now,
}: {
  db: DbOrTx;
  userIdx: number;
  blockedIdx: number;
  anony: 'Y' | 'N';
  now: Date;
}): Promise<void> {
  await db
    .insertInto('community_blocks')
    .values({
      f_user_idx: userIdx,
      f_blocked_user_idx: blockedIdx,
      f_anony: anony,
      f_reg_time: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertCommentRow({
  db,
  comment,
}: {
  db: DbOrTx;
  comment: Insertable<CommunityCommentsTable>;
}): Promise<number> {
  const row = await db
    .insertInto('community_comments')
    .values(comment)
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

export async function updateCommentRow({
  db,
  commentIdx,
  values,
}: {
  db: DbOrTx;
  commentIdx: number;
  values: Updateable<CommunityCommentsTable>;
}): Promise<void> {
  await db.updateTable('community_comments').set(values).where('f_idx', '=', commentIdx).execute();
}

export async function deleteCommentRow({
  db,
  commentIdx,
}: {
  db: DbOrTx;
  commentIdx: number;
}): Promise<void> {
  await db.deleteFrom('community_comments').where('f_idx', '=', commentIdx).execute();
}
