import * as v from 'valibot';
import type { communityComment, communityResponses } from '../api/community.responses.ts';
import { defineCall } from '../api/contract.ts';
import { id, rowId, yn } from '../api/fields.ts';
import { baseVersion } from '../edits/edit-fields.ts';
import { defineMutator } from '../mutator.ts';
import { imageRef } from '../site-fields.ts';
import { CommunityRules, communityTypes } from './rules.ts';

/**
 * Community posts and comments as offline operations (spec §2 Community): a member without signal
 * writes, the outbox keeps it, and the next sync publishes it. Everything is decided then, on the
 * server (server/community/community.mutators.ts): the usage ticket, the daily limit, the notice
 * category, made+ and push points. A refusal comes back as a rejection that keeps the arguments,
 * so the text is still there to send again. Nothing changes on the device meanwhile: the post is
 * shown from the outbox until the server's list has it. Online the forms send the same arguments
 * through the spec §7 call each one declares (`online`; ids bounded like every API id).
 */

/** What publishing a post answers (the points it took and the day's count) and a comment: sync/api/community.responses.ts. */
export type CommunityPublish = v.InferOutput<(typeof communityResponses)['addCommunity']>;
export type CommunityComment = v.InferOutput<typeof communityComment>;
/** What an edit answers: the post or comment as it now stands, and the conflict it left, if any. */
export type CommunityPostEdit = v.InferOutput<(typeof communityResponses)['updateCommunity']>;
export type CommunityCommentEdit = v.InferOutput<(typeof communityResponses)['updateComment']>;

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));
const postType = v.picklist(communityTypes, `must be one of ${communityTypes.join(', ')}`);
const images = v.pipe(
  v.array(imageRef),
  v.maxLength(CommunityRules.maxImages, `at most ${CommunityRules.maxImages} images`),
);

const post = {
  summary: 'Publish a community post; made+ pins it for 24 hours and push tells the members, each for points',
  args: v.object({
    type: postType,
    title: bounded(CommunityRules.maxTitle),
    content: bounded(CommunityRules.maxContent),
    phone: bounded(CommunityRules.maxPhone),
    anony: v.optional(yn, 'N'),
    made: v.optional(yn, 'N'),
    push: v.optional(yn, 'N'),
    /** Spec §5: the writer agrees their post is honest. */
    agree: v.optional(yn, 'N'),
    image_url: v.optional(images, []),
  }),
};

export const addCommunity = defineMutator({
  name: 'addCommunity',
  ...post,
  online: defineCall<CommunityPublish>()({
    operationId: 'addCommunity',
    method: 'post',
    path: '/community/addCommunity',
    summary: post.summary,
    tag: 'community',
    input: post.args,
  }),
  touches: () => [],
  applyLocal: async () => {},
});

const comment = {
  summary: 'Comment on a community post',
  args: v.object({
    community_idx: id,
    comment: bounded(CommunityRules.maxComment),
    anony: v.optional(yn, 'N'),
  }),
};

export const addComment = defineMutator({
  name: 'addComment',
  ...comment,
  online: defineCall<CommunityComment>()({
    operationId: 'addComment',
    method: 'post',
    path: '/community/addComment',
    summary: comment.summary,
    tag: 'community',
    input: v.object({ ...comment.args.entries, community_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});

/**
 * Edits and deletes (protocol 8), online or queued: the author or a moderating admin, checked when
 * they arrive. An edit carries the copy it was made on (sync/edits/edit-fields.ts): fields changed
 * on the server meanwhile become a conflict the member settles on /sync. Made+ and push stay as
 * published. Nothing changes in the device's store: the community is a device cache, and screens
 * show a waiting edit or delete from the outbox until the server's copy has it.
 */

const { made: _made, push: _push, ...editable } = post.args.entries;

const postEdit = {
  summary:
    'Edit a post (its author or a moderating admin); made+ and push stay as published. With the copy it was made on, fields changed meanwhile on the server become a conflict',
  args: v.object({
    community_idx: id,
    ...editable,
    base_version: baseVersion,
    /** The post's fields as the device showed them when the edit began. */
    base: v.optional(
      v.nullable(
        v.object({
          type: v.optional(postType),
          title: v.optional(bounded(CommunityRules.maxTitle)),
          content: v.optional(bounded(CommunityRules.maxContent)),
          phone: v.optional(bounded(CommunityRules.maxPhone)),
          anony: v.optional(yn),
          image_url: v.optional(images),
        }),
      ),
      null,
    ),
  }),
};

export const updateCommunity = defineMutator({
  name: 'updateCommunity',
  ...postEdit,
  online: defineCall<CommunityPostEdit>()({
    operationId: 'updateCommunity',
    method: 'post',
    path: '/community/updateCommunity',
    summary: postEdit.summary,
    tag: 'community',
    input: v.object({ ...postEdit.args.entries, community_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});

const removePostsSummary =
  'Delete posts: one’s own, or any for a moderating admin (bulk); all of them or none';
const postList = /* @__NO_SIDE_EFFECTS__ */ <S extends typeof id | typeof rowId>(item: S) =>
  v.pipe(
    v.array(item),
    v.minLength(1, 'choose a post'),
    v.maxLength(CommunityRules.maxBulk, `at most ${CommunityRules.maxBulk} posts`),
  );

export const removeCommunity = defineMutator({
  name: 'removeCommunity',
  summary: removePostsSummary,
  args: v.object({ idx_list: postList(id) }),
  online: defineCall<v.InferOutput<(typeof communityResponses)['removeCommunity']>>()({
    operationId: 'removeCommunity',
    method: 'post',
    path: '/community/removeCommunity',
    summary: removePostsSummary,
    tag: 'community',
    input: v.object({ idx_list: postList(rowId) }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});

const commentEdit = {
  summary:
    'Edit a comment (its author or a moderating admin). With the copy it was made on, a text changed meanwhile on the server becomes a conflict',
  args: v.object({
    community_idx: id,
    comment_idx: id,
    comment: bounded(CommunityRules.maxComment),
    anony: v.optional(yn, 'N'),
    base_version: baseVersion,
    /** The comment as the device showed it when the edit began. */
    base: v.optional(
      v.nullable(
        v.object({ comment: v.optional(bounded(CommunityRules.maxComment)), anony: v.optional(yn) }),
      ),
      null,
    ),
  }),
};

export const updateComment = defineMutator({
  name: 'updateComment',
  ...commentEdit,
  online: defineCall<CommunityCommentEdit>()({
    operationId: 'updateComment',
    method: 'post',
    path: '/community/updateComment',
    summary: commentEdit.summary,
    tag: 'community',
    input: v.object({ ...commentEdit.args.entries, community_idx: rowId, comment_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});

const removeCommentSummary = 'Delete a comment (its author or a moderating admin)';

export const removeComment = defineMutator({
  name: 'removeComment',
  summary: removeCommentSummary,
  args: v.object({ community_idx: id, comment_idx: id }),
  online: defineCall<v.InferOutput<(typeof communityResponses)['removeComment']>>()({
    operationId: 'removeComment',
    method: 'post',
    path: '/community/removeComment',
    summary: removeCommentSummary,
    tag: 'community',
    input: v.object({ community_idx: rowId, comment_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});
