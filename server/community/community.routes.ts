import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  findCommunityListCall,
  getCommunityDetailCall,
  getCommunityListCall,
  getCommunityPushListCall,
  reportOrPreventCall,
  todayWritingCountCall,
} from '../../sync/api/community.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import {
  adminPostList,
  postDetail,
  postList,
  pushedPosts,
  reportOrPrevent,
  writingCount,
} from './community.service.ts';

/**
 * Spec §7 community calls. Writing, editing and deleting posts and comments are offline
 * operations: their online calls are mounted from server/community/community.mutators.ts.
 */
const member = { kind: 'member' } as const;

export const communityOperations = [
  defineOperation(getCommunityListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      postList({
        db: ctx.db,
        auth: ctx.auth,
        now: ctx.clock.now(),
        input,
        writerIdx: input.mine === 'Y' ? ctx.auth.user.f_idx : null,
      }),
  }),
  defineOperation(findCommunityListCall, {
    access: { kind: 'admin', tab: AdminTab.write },
    handler: ({ input, ctx }) => adminPostList({ db: ctx.db, auth: ctx.auth, now: ctx.clock.now(), input }),
  }),
  defineOperation(getCommunityDetailCall, {
    access: member,
    handler: ({ input, ctx }) =>
      postDetail({ db: ctx.db, auth: ctx.auth, now: ctx.clock.now(), postIdx: input.community_idx }),
  }),
  defineOperation(getCommunityPushListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      pushedPosts({ db: ctx.db, auth: ctx.auth, now: ctx.clock.now(), page: input.page_num }),
  }),
  defineOperation(todayWritingCountCall, {
    access: member,
    handler: ({ ctx }) => writingCount({ db: ctx.db, userIdx: ctx.auth.user.f_idx, now: ctx.clock.now() }),
  }),
  defineOperation(reportOrPreventCall, {
    // The screen words the outcome itself: one call, two different effects (report or stop seeing).
    access: member,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => reportOrPrevent({ ctx: t, postIdx: input.community_idx, type: input.type })),
  }),
];
