import { addCommentCall, addCommunityCall } from '../../sync/api/community.api.ts';
import { applied, defineServerMutator } from '../http/mutation.ts';
import { addComment } from './comments.service.ts';
import { communityMessages } from './community.messages.ts';
import { publishPost } from './community.service.ts';

/**
 * The server effect of the community operations that may run offline
 * (sync/community/community.mutators.ts) and the spec §7 calls that run them online. A post needs
 * a valid usage ticket (spec §6) and both are writing (a WL member may not); checked when the
 * operation arrives, so a post queued while the ticket was valid is refused if it lapsed meanwhile.
 */
export const communityMutators = {
  addCommunity: defineServerMutator('addCommunity', {
    access: { kind: 'member', write: true, ticket: true },
    rpc: [{ call: addCommunityCall, successMessage: communityMessages.published }],
    effect: async ({ ctx, args }) => applied(await publishPost({ ctx, args })),
  }),
  addComment: defineServerMutator('addComment', {
    access: { kind: 'member', write: true },
    rpc: [{ call: addCommentCall, successMessage: communityMessages.saved }],
    effect: async ({ ctx, args }) => applied(await addComment({ ctx, args })),
  }),
};
