import * as v from 'valibot';
import { id, yn } from '../api/fields.ts';
import { defineMutator } from '../mutator.ts';
import { imageRef } from '../site-fields.ts';
import { CommunityRules, communityTypes } from './rules.ts';

/**
 * Community posts and comments as offline operations (spec §2 Community): a member without signal
 * writes, the outbox keeps it, and the next sync publishes it. Everything is decided then, on the
 * server (server/community/community.mutators.ts): the usage ticket, the daily limit, the notice
 * category, made+ and push points. A refusal comes back as a rejection that keeps the arguments,
 * so the text is still there to send again. Nothing changes on the device meanwhile: the post is
 * shown from the outbox until the server's list has it.
 */

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

export const addCommunity = defineMutator({
  name: 'addCommunity',
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
  touches: () => [],
  applyLocal: async () => {},
});

export const addComment = defineMutator({
  name: 'addComment',
  summary: 'Comment on a community post',
  args: v.object({
    community_idx: id,
    comment: bounded(CommunityRules.maxComment),
    anony: v.optional(yn, 'N'),
  }),
  touches: () => [],
  applyLocal: async () => {},
});
