import * as v from 'valibot';
import type { communityComment, communityResponses } from '../api/community.responses.ts';
import { defineCall } from '../api/contract.ts';
import { id, rowId, yn } from '../api/fields.ts';
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

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

const post = {
  summary: 'Publish a community post; made+ pins it for 24 hours and push tells the members, each for points',
  args: v.object({
    type: v.picklist(communityTypes, `must be one of ${communityTypes.join(', ')}`),
    title: bounded(CommunityRules.maxTitle),
    content: bounded(CommunityRules.maxContent),
    phone: bounded(CommunityRules.maxPhone),
    anony: v.optional(yn, 'N'),
    made: v.optional(yn, 'N'),
    push: v.optional(yn, 'N'),
    /** Spec §5: the writer agrees their post is honest. */
    agree: v.optional(yn, 'N'),
    image_url: v.optional(
      v.pipe(
        v.array(imageRef),
        v.maxLength(CommunityRules.maxImages, `at most ${CommunityRules.maxImages} images`),
      ),
      [],
    ),
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
