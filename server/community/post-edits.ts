import {
  type CommentEditFields,
  commentEditFieldNames,
  type PostEditFields,
  postEditFieldNames,
  storedCommentFields,
  storedPostFields,
} from '../../sync/edits/edit-fields.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { editOutcome, mergeOfflineEdit } from '../edits/offline-edit.ts';
import { notFound } from '../http/errors.ts';
import type { MutationContext, MutationOutcome } from '../http/mutation.ts';
import { editableComment, updateComment } from './comments.service.ts';
import { communityMessages } from './community.messages.ts';
import { type CommentRecord, findComment, findPost, type PostRecord } from './community.repository.ts';
import { editablePost, updatePost } from './community.service.ts';
import { toComment, toPost } from './masking.ts';

/**
 * Edits of posts and comments as they arrive, online or from the outbox (protocol 8): who may
 * edit is checked first (the author or a moderator, as always), then the edit is merged with the
 * copy it was made on (server/edits/offline-edit.ts) and the merged fields go through the same
 * update and its checks as an online edit. Made+ and push stay as published. Fields the server
 * changed meanwhile are kept beside it as a conflict for the member to settle on /sync.
 */

function postFieldsOf(row: PostRecord): Required<PostEditFields> {
  return {
    type: row.f_type,
    title: row.f_title,
    content: row.f_content,
    phone: row.f_phone,
    anony: row.f_anony,
    image_url: JSON.parse(row.f_image_url) as string[],
  };
}

export async function editPost({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'updateCommunity'>;
}): Promise<MutationOutcome> {
  const postIdx = args.community_idx;
  const row = await editablePost({ ctx, postIdx });
  const mine = storedPostFields(args);
  const base = args.base ? (args.base as Partial<PostEditFields>) : null;
  const merged = mergeOfflineEdit({
    mine,
    base,
    baseVersion: args.base_version,
    theirs: postFieldsOf(row),
    theirsVersion: row.f_version,
    names: postEditFieldNames,
  });
  // Nothing to write when every change met a conflict; otherwise the online update, its checks included.
  if (merged.changed || merged.conflicts.length === 0) {
    await updatePost({ ctx, postIdx, post: { ...merged.next, agree: args.agree } });
  }
  const saved = await findPost({ db: ctx.tx, postIdx });
  if (!saved) throw notFound(communityMessages.postNotFound);
  return editOutcome({
    ctx,
    kind: 'post',
    targetIdx: postIdx,
    subject: saved.f_title,
    merged,
    mine,
    base,
    baseVersion: args.base_version,
    current: postFieldsOf(saved),
    currentVersion: saved.f_version,
    data: toPost({ row: saved, auth: ctx.auth, now: ctx.now }),
  });
}

function commentFieldsOf(row: CommentRecord): Required<CommentEditFields> {
  return { comment: row.f_comment, anony: row.f_anony };
}

export async function editComment({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'updateComment'>;
}): Promise<MutationOutcome> {
  const where = { postIdx: args.community_idx, commentIdx: args.comment_idx };
  const row = await editableComment({ ctx, ...where });
  const mine = storedCommentFields(args);
  const base = args.base ? (args.base as Partial<CommentEditFields>) : null;
  const merged = mergeOfflineEdit({
    mine,
    base,
    baseVersion: args.base_version,
    theirs: commentFieldsOf(row),
    theirsVersion: row.f_version,
    names: commentEditFieldNames,
  });
  if (merged.changed || merged.conflicts.length === 0) {
    await updateComment({ ctx, ...where, comment: merged.next.comment, anony: merged.next.anony });
  }
  const saved = await findComment({ db: ctx.tx, ...where });
  const post = await findPost({ db: ctx.tx, postIdx: args.community_idx });
  if (!saved || !post) throw notFound(communityMessages.commentNotFound);
  return editOutcome({
    ctx,
    kind: 'comment',
    targetIdx: args.comment_idx,
    postIdx: args.community_idx,
    subject: post.f_title,
    merged,
    mine,
    base,
    baseVersion: args.base_version,
    current: commentFieldsOf(saved),
    currentVersion: saved.f_version,
    data: toComment({ row: saved, auth: ctx.auth }),
  });
}
