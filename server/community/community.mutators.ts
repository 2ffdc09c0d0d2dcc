import {
  addCommentCall,
  addCommunityCall,
  removeCommentCall,
  removeCommunityCall,
  updateCommentCall,
  updateCommunityCall,
} from '../../sync/api/community.api.ts';
import { applied, defineServerMutator } from '../http/mutation.ts';
import { addComment, removeComment } from './comments.service.ts';
import { communityMessages } from './community.messages.ts';
import { publishPost, removePosts } from './community.service.ts';
import { editComment, editPost } from './post-edits.ts';

/**
 * The server effect of the community operations that may run offline
 * (sync/community/community.mutators.ts) and the spec §7 calls that run them online. A post needs
 * a valid usage ticket (spec §6) and both are writing (a WL member may not); checked when the
 * operation arrives, so a post queued while the ticket was valid is refused if it lapsed meanwhile.
 * Edits are writing too; deletes need an approved member; both are the author's or a moderator's
 * (checked in the services, the same for the RPC and the pushed entry).
 */
const member = { kind: 'member' } as const;
const writer = { kind: 'member', write: true } as const;

export const communityMutators = {
  addCommunity: defineServerMutator('addCommunity', {
    access: { kind: 'member', write: true, ticket: true },
    rpc: [{ call: addCommunityCall, successMessage: communityMessages.published }],
    effect: async ({ ctx, args }) => applied(await publishPost({ ctx, args })),
  }),
  addComment: defineServerMutator('addComment', {
    access: writer,
    rpc: [{ call: addCommentCall, successMessage: communityMessages.saved }],
    effect: async ({ ctx, args }) => applied(await addComment({ ctx, args })),
  }),
  updateCommunity: defineServerMutator('updateCommunity', {
    access: writer,
    rpc: [{ call: updateCommunityCall, successMessage: communityMessages.saved }],
    effect: ({ ctx, args }) => editPost({ ctx, args }),
  }),
  removeCommunity: defineServerMutator('removeCommunity', {
    access: member,
    rpc: [{ call: removeCommunityCall, successMessage: communityMessages.deleted }],
    effect: async ({ ctx, args }) => applied(await removePosts({ ctx, idxList: args.idx_list })),
  }),
  updateComment: defineServerMutator('updateComment', {
    access: writer,
    rpc: [{ call: updateCommentCall, successMessage: communityMessages.saved }],
    effect: ({ ctx, args }) => editComment({ ctx, args }),
  }),
  removeComment: defineServerMutator('removeComment', {
    access: member,
    rpc: [{ call: removeCommentCall, successMessage: communityMessages.deleted }],
    effect: async ({ ctx, args }) =>
      applied(await removeComment({ ctx, postIdx: args.community_idx, commentIdx: args.comment_idx })),
  }),
};
