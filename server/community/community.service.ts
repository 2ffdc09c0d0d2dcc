import type {
  AdminCommunityPost,
  CommunityDetail,
  CommunityPost,
  CommunityPublish,
  WritingCount,
} from '../../sync/api/community.api.ts';
import type { Page } from '../../sync/api/page.ts';
import {
  CommunityRules,
  type CommunityType,
  type PostProblem,
  pinnedUntil,
  postProblem,
  type SearchColumn,
  searchKeyword,
} from '../../sync/community/rules.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { PushTypes } from '../../sync/push/push-target.ts';
import type { AuthInfo } from '../auth/session.ts';
import { seoulDate } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import type { TxContext } from '../http/context.ts';
import { alreadyExists, forbidden, notFound, ruleViolation } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';
import { changePoints } from '../points/ledger.ts';
import { balanceOf } from '../points/payments.repository.ts';
import { queuePush } from '../push/push.queue.ts';
import { readIntSetting } from '../settings/settings.repository.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { lockMember } from '../users/users.repository.ts';
import { communityMessages } from './community.messages.ts';
import {
  adminPostPage,
  commentsOf,
  countPostsOnDay,
  findPost,
  insertBlock,
  insertPost,
  insertPostReport,
  markPostsRemoved,
  markPushRead,
  type PostRecord,
  postPage,
  pushedPage,
  pushRecipientsOf,
  recordPushRecipients,
  updatePostRow,
  writerOfPhone,
} from './community.repository.ts';
import { canEdit, toComment, toPost } from './masking.ts';
import { moderates } from './moderation.ts';

/**
 * The community board (spec §2 Community, §5, §6, §9). The server decides everything a post
 * costs or may not do (notice category, daily limit, made+ and push points); the RPC and the
 * pushed offline operation run the same functions in the caller's transaction, so a refusal
 * rolls back whatever was written, points included.
 */

const postMessages: Record<PostProblem, Message> = {
  phone: communityMessages.phoneRequired,
  title: communityMessages.titleRequired,
  content: communityMessages.contentRequired,
  agree: communityMessages.agreeRequired,
};

/** Spec §7 todayWritingCount: the limit from app settings (default 3) and what is left of it today. */
export async function writingCount({
  db,
  userIdx,
  now,
}: {
  db: DbOrTx;
  userIdx: number;
  now: Date;
}): Promise<WritingCount> {
  const limit = await readIntSetting({
    db,
    key: 'community_daily_limit',
    fallback: CommunityRules.defaultDailyLimit,
  });
  const written = await countPostsOnDay({ db, userIdx, day: seoulDate(now) });
  return { left: Math.max(0, limit - written), limit };
}

/** Spec §5 and §6 on what a post holds, for a new one and an edit alike. */
function checkPost({ auth, post }: { auth: AuthInfo; post: MutatorArgs<'addCommunity'> }): void {
  if (post.type === 'N' && !moderates(auth)) throw forbidden(communityMessages.noticeAdminOnly);
  const problem = postProblem(post);
  if (problem) throw ruleViolation(postMessages[problem]);
  refuseLocalFiles({ value: post.image_url, field: 'image_url' });
}

/** Points for made+ or push through the ledger, once per post: the ref names both. */
async function spend({
  ctx,
  key,
  reason,
  postIdx,
}: {
  ctx: TxContext;
  key: string;
  reason: string;
  postIdx: number;
}): Promise<number> {
  const cost = await readIntSetting({ db: ctx.tx, key, fallback: 0 });
  if (cost <= 0) return 0;
  await changePoints({
    trx: ctx.tx,
    userIdx: ctx.auth.user.f_idx,
    type: 'U',
    amount: cost,
    reason,
    ref: `${reason}:${postIdx}`,
    now: ctx.now,
  });
  return cost;
}

/**
 * Spec §7 addCommunity, online or pushed from the outbox: the checks run when it arrives, so a post
 * written offline meets the limit, the ticket and its points at publish time. Made+ pins it for 24
 * hours from then; push records who should be told. Moderators are not held to the daily limit.
 */
export async function publishPost({
  ctx,
  args,
}: {
  ctx: TxContext;
  args: MutatorArgs<'addCommunity'>;
}): Promise<CommunityPublish> {
  checkPost({ auth: ctx.auth, post: args });
  const userIdx = ctx.auth.user.f_idx;
  // Two posts of one member at once count one after the other (PostgreSQL runs them side by side).
  await lockMember({ db: ctx.tx, userIdx });
  const count = await writingCount({ db: ctx.tx, userIdx, now: ctx.now });
  if (count.left <= 0 && !moderates(ctx.auth)) {
    throw ruleViolation(communityMessages.dailyLimit, { params: { limit: count.limit } });
  }
  const madeUntil = args.made === 'Y' ? pinnedUntil(ctx.now).toISOString() : null;
  const postIdx = await insertPost({
    db: ctx.tx,
    post: {
      f_type: args.type,
      f_title: args.title.trim(),
      f_content: args.content.trim(),
      f_phone: args.phone.replace(/-/g, '').trim(),
      f_anony: args.anony,
      f_made: args.made,
      f_made_until: madeUntil,
      f_push: args.push,
      f_image_url: JSON.stringify(args.image_url),
      f_user_idx: userIdx,
      f_reg_time: ctx.now.toISOString(),
      f_reg_day: seoulDate(ctx.now),
      f_update_time: null,
      f_removed_time: null,
    },
  });
  let spent = 0;
  if (args.made === 'Y') {
    spent += await spend({ ctx, key: 'community_made_point', reason: 'community_made', postIdx });
  }
  if (args.push === 'Y') {
    spent += await spend({ ctx, key: 'community_push_point', reason: 'community_push', postIdx });
    await recordPushRecipients({ db: ctx.tx, postIdx, writerIdx: userIdx, now: ctx.now });
    // Spec §4 push type 6: a community post; a click opens its detail. Queued in this transaction,
    // so a refused or repeated publish pushes nothing more.
    await queuePush({
      db: ctx.tx,
      userIdxs: await pushRecipientsOf({ db: ctx.tx, postIdx }),
      message: {
        type: PushTypes.communityPost,
        idx: postIdx,
        title: args.title.trim(),
        body: args.content.trim(),
      },
    });
  }
  const balance = await balanceOf({ db: ctx.tx, userIdx });
  return {
    f_idx: postIdx,
    f_made_until: madeUntil,
    spent,
    balance,
    left: Math.max(0, count.left - 1),
    limit: count.limit,
  };
}

async function editablePost({ ctx, postIdx }: { ctx: TxContext; postIdx: number }): Promise<PostRecord> {
  const row = await findPost({ db: ctx.tx, postIdx });
  if (!row) throw notFound(communityMessages.postNotFound);
  if (!canEdit({ writerIdx: row.f_user_idx, auth: ctx.auth })) throw forbidden(communityMessages.notYours);
  return row;
}

/** Spec §7 updateCommunity: the author or a moderator; made+ and push stay as they were published. */
export async function updatePost({
  ctx,
  postIdx,
  post,
}: {
  ctx: TxContext;
  postIdx: number;
  post: Omit<MutatorArgs<'addCommunity'>, 'made' | 'push'>;
}): Promise<CommunityPost> {
  await editablePost({ ctx, postIdx });
  checkPost({ auth: ctx.auth, post: { ...post, made: 'N', push: 'N' } });
  await updatePostRow({
    db: ctx.tx,
    postIdx,
    values: {
      f_type: post.type,
      f_title: post.title.trim(),
      f_content: post.content.trim(),
      f_phone: post.phone.replace(/-/g, '').trim(),
      f_anony: post.anony,
      f_image_url: JSON.stringify(post.image_url),
      f_update_time: ctx.now.toISOString(),
    },
  });
  const row = await findPost({ db: ctx.tx, postIdx });
  if (!row) throw notFound(communityMessages.postNotFound);
  return toPost({ row, auth: ctx.auth, now: ctx.now });
}

/** Spec §7 removeCommunity: every post must be the caller's to delete, or none is deleted. */
export async function removePosts({
  ctx,
  idxList,
}: {
  ctx: TxContext;
  idxList: number[];
}): Promise<{ removed: number }> {
  const unique = [...new Set(idxList)];
  for (const postIdx of unique) await editablePost({ ctx, postIdx });
  await markPostsRemoved({ db: ctx.tx, postIdxs: unique, time: ctx.now.toISOString() });
  return { removed: unique.length };
}

export async function postList({
  db,
  auth,
  now,
  input,
  writerIdx,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  now: Date;
  input: { page_num: number; type: CommunityType | ''; column: SearchColumn; keyword: string };
  writerIdx: number | null;
}): Promise<Page<CommunityPost>> {
  const page = await postPage({
    db,
    now,
    viewerIdx: auth.user.f_idx,
    moderator: moderates(auth),
    type: input.type,
    column: input.column,
    keyword: searchKeyword(input.keyword),
    writerIdx,
    page: input.page_num,
  });
  return { ...page, list: page.list.map((row) => toPost({ row, auth, now })) };
}

/**
 * The admin's community list (/admin/write/community): the members' list with each post's report
 * count, or only the reported posts, the most reported first.
 */
export async function adminPostList({
  db,
  auth,
  now,
  input,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  now: Date;
  input: {
    page_num: number;
    type: CommunityType | '';
    column: SearchColumn;
    keyword: string;
    reported: 'Y' | 'N';
    /** The writer's phone, to list one member's posts; empty for everyone's. */
    phone: string;
  };
}): Promise<Page<AdminCommunityPost>> {
  const writerIdx = input.phone.trim() === '' ? null : await writerOfPhone({ db, phone: input.phone });
  const page = await adminPostPage({
    db,
    now,
    viewerIdx: auth.user.f_idx,
    moderator: moderates(auth),
    type: input.type,
    column: input.column,
    keyword: searchKeyword(input.keyword),
    writerIdx,
    page: input.page_num,
    reportedOnly: input.reported === 'Y',
  });
  return {
    ...page,
    list: page.list.map((row) => ({ ...toPost({ row, auth, now }), report_count: Number(row.report_count) })),
  };
}

/** Spec §2 push hook: what was pushed to the member and not opened yet (until Web Push delivers it). */
export async function pushedPosts({
  db,
  auth,
  now,
  page,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  now: Date;
  page: number;
}): Promise<Page<CommunityPost>> {
  const found = await pushedPage({ db, userIdx: auth.user.f_idx, page });
  return { ...found, list: found.list.map((row) => toPost({ row, auth, now })) };
}

/** Spec §2 Community detail; opening it reads a push of the post to the caller. */
export async function postDetail({
  db,
  auth,
  now,
  postIdx,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  now: Date;
  postIdx: number;
}): Promise<CommunityDetail> {
  const row = await findPost({ db, postIdx });
  if (!row) throw notFound(communityMessages.postNotFound);
  await markPushRead({ db, postIdx, userIdx: auth.user.f_idx, now });
  const comments = await commentsOf({ db, postIdx });
  return {
    ...toPost({ row, auth, now }),
    comment_list: comments.map((comment) => toComment({ row: comment, auth })),
  };
}

/**
 * Spec §7 reportOrPrevent: R reports the post to the admins (once per member), P stops showing the
 * writer's posts to the caller: those of the post's kind only (anonymous or named), so the blocker
 * never learns which named posts share a writer with an anonymous one. The writer is found from
 * the post, so nothing about them is answered.
 */
export async function reportOrPrevent({
  ctx,
  postIdx,
  type,
}: {
  ctx: TxContext;
  postIdx: number;
  type: 'R' | 'P';
}): Promise<null> {
  const post = await findPost({ db: ctx.tx, postIdx });
  if (!post) throw notFound(communityMessages.postNotFound);
  if (post.f_user_idx === ctx.auth.user.f_idx) throw ruleViolation(communityMessages.ownPost);
  if (type === 'R') {
    const reported = await insertPostReport({
      db: ctx.tx,
      postIdx,
      userIdx: ctx.auth.user.f_idx,
      time: ctx.now.toISOString(),
    });
    if (!reported) throw alreadyExists(communityMessages.alreadyReported);
  } else {
    await insertBlock({
      db: ctx.tx,
      userIdx: ctx.auth.user.f_idx,
      blockedIdx: post.f_user_idx,
      anony: post.f_anony,
      now: ctx.now,
    });
  }
  return null;
}
