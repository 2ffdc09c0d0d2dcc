import type { CommunityComment } from '../../sync/api/community.api.ts';
import { commentProblem } from '../../sync/community/rules.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { PushTypes } from '../../sync/push/push-target.ts';
import type { TxContext } from '../http/context.ts';
import { type AppError, forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { renderMessage } from '../http/messages.ts';
import { queuePush } from '../push/push.queue.ts';
import { communityMessages } from './community.messages.ts';
import {
  type CommentRecord,
  deleteCommentRow,
  findComment,
  findPost,
  hasBlocked,
  insertCommentRow,
  type PostRecord,
  updateCommentRow,
} from './community.repository.ts';
import { canEdit, toComment } from './masking.ts';

/**
 * Comments on community posts (spec §2, §7 comment add, update, remove). Adding one is also the
 * offline operation addComment (server/community/community.mutators.ts): the same function runs
 * for the RPC and the pushed entry, in the caller's transaction.
 */

function commentRefusal(comment: { comment: string }): AppError | null {
  return commentProblem(comment) ? ruleViolation(communityMessages.commentRequired) : null;
}

/** Spec §7 comment add, online or pushed: the post must still be there. */
export async function addComment({
  ctx,
  args,
}: {
  ctx: TxContext;
  args: MutatorArgs<'addComment'>;
}): Promise<CommunityComment> {
  const refusal = commentRefusal(args);
  if (refusal) throw refusal;
  const post = await findPost({ db: ctx.tx, postIdx: args.community_idx });
  if (!post) throw notFound(communityMessages.postNotFound);
  const commentIdx = await insertCommentRow({
    db: ctx.tx,
    comment: {
      f_community_idx: args.community_idx,
      f_comment: args.comment.trim(),
      f_anony: args.anony,
      f_user_idx: ctx.auth.user.f_idx,
      f_reg_time: ctx.now.toISOString(),
      f_update_time: null,
    },
  });
  const made = await findComment({ db: ctx.tx, postIdx: args.community_idx, commentIdx });
  if (!made) throw notFound(communityMessages.commentNotFound);
  await tellPostWriter({ ctx, post, comment: made });
  return toComment({ row: made, auth: ctx.auth });
}

/** The comment, when the caller may edit or delete it (its writer or a moderator); refused otherwise. */
export async function editableComment({
  ctx,
  postIdx,
  commentIdx,
}: {
  ctx: TxContext;
  postIdx: number;
  commentIdx: number;
}): Promise<CommentRecord> {
  const post = await findPost({ db: ctx.tx, postIdx });
  const comment = post ? await findComment({ db: ctx.tx, postIdx, commentIdx }) : undefined;
  if (!comment) throw notFound(communityMessages.commentNotFound);
  if (!canEdit({ writerIdx: comment.f_user_idx, auth: ctx.auth }))
    throw forbidden(communityMessages.notYours);
  return comment;
}

export async function updateComment({
  ctx,
  postIdx,
  commentIdx,
  comment,
  anony,
}: {
  ctx: TxContext;
  postIdx: number;
  commentIdx: number;
  comment: string;
  anony: 'Y' | 'N';
}): Promise<CommunityComment> {
  await editableComment({ ctx, postIdx, commentIdx });
  const refusal = commentRefusal({ comment });
  if (refusal) throw refusal;
  await updateCommentRow({
    db: ctx.tx,
    commentIdx,
    values: { f_comment: comment.trim(), f_anony: anony, f_update_time: ctx.now.toISOString() },
  });
  const row = await findComment({ db: ctx.tx, postIdx, commentIdx });
  if (!row) throw notFound(communityMessages.commentNotFound);
  return toComment({ row, auth: ctx.auth });
}

export async function removeComment({
  ctx,
  postIdx,
  commentIdx,
}: {
  ctx: TxContext;
  postIdx: number;
  commentIdx: number;
}): Promise<null> {
  await editableComment({ ctx, postIdx, commentIdx });
  await deleteCommentRow({ db: ctx.tx, commentIdx });
  return null;
}

/**
 * Spec §4 push type 7: the post's writer hears of a comment by someone else (never of their own,
 * nor of a member whose posts they stopped seeing), through queuePush like type 6, so their push
 * setting, devices and quiet hours apply the same way. The text is Korean, the app's language, as
 * the server does not know the device's. An anonymous comment is "익명" in the push: the writer of
 * the post must not learn the name there that the board hides.
 */
async function tellPostWriter({
  ctx,
  post,
  comment,
}: {
  ctx: TxContext;
  post: PostRecord;
  comment: CommentRecord;
}): Promise<void> {
  if (post.f_user_idx === comment.f_user_idx) return;
  // Only a block of the comment's kind silences it: a push missing for a named comment would tie its
  // writer to an anonymous post the reader blocked.
  if (
    await hasBlocked({
      db: ctx.tx,
      userIdx: post.f_user_idx,
      blockedIdx: comment.f_user_idx,
      anony: comment.f_anony,
    })
  )
    return;
  const name =
    comment.f_anony === 'Y'
      ? renderMessage({ message: communityMessages.anonymous, lang: 'ko' })
      : comment.f_user_name;
  await queuePush({
    db: ctx.tx,
    userIdxs: [post.f_user_idx],
    message: {
      type: PushTypes.communityComment,
      idx: post.f_idx,
      title: renderMessage({
        message: communityMessages.commentPushTitle,
        lang: 'ko',
        params: { title: post.f_title },
      }),
      body: renderMessage({
        message: communityMessages.commentPushBody,
        lang: 'ko',
        params: { name, comment: comment.f_comment },
      }),
    },
  });
}
