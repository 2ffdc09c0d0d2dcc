import * as v from 'valibot';
import {
  addComment,
  addCommunity,
  removeComment,
  removeCommunity,
  updateComment,
  updateCommunity,
} from '../community/community.mutators.ts';
import { CommunityRules, communityTypes, searchColumns } from '../community/rules.ts';
import type {
  adminCommunityPost,
  communityDetail,
  communityPost,
  communityResponses,
  writingCount,
} from './community.responses.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import { pageNum } from './page.ts';

/**
 * The community board (spec §2 Community, §3 Community post, §7 community calls). Writing, editing
 * and deleting posts and comments are also offline operations, and their calls are declared with them
 * (sync/community/community.mutators.ts): the same arguments, online ids bounded like every API id. Anonymous writers: `f_phone`, `f_user_name` and
 * `f_user_idx` are blank (0) for everyone but moderating admins (spec §6).
 */

export type CommunityPost = v.InferOutput<typeof communityPost>;

export type {
  CommunityComment,
  CommunityCommentEdit,
  CommunityPostEdit,
  CommunityPublish,
} from '../community/community.mutators.ts';

/** A post in the admin's list: with how many members reported it (reportOrPrevent R). */
export type AdminCommunityPost = v.InferOutput<typeof adminCommunityPost>;

export type CommunityDetail = v.InferOutput<typeof communityDetail>;

/** Spec §7 todayWritingCount: posts left today and the day's limit. */
export type WritingCount = v.InferOutput<typeof writingCount>;

const keyword = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(CommunityRules.maxKeyword, `at most ${CommunityRules.maxKeyword} characters`),
  ),
  '',
);
const column = v.optional(v.picklist(searchColumns, `must be one of ${searchColumns.join(', ')}`), 'title');
/** '' or left out: every category the caller may see. */
const listType = v.optional(v.picklist(['', ...communityTypes], 'must be a community category'), '');

export const getCommunityListCall = defineCall<Answer<typeof communityResponses, 'getCommunityList'>>()({
  operationId: 'getCommunityList',
  method: 'post',
  path: '/community/getCommunityList',
  summary: 'Community posts of a category (or all), made+ ones first, searched by column, mine only',
  tag: 'community',
  input: v.object({ page_num: pageNum, type: listType, column, keyword, mine: v.optional(yn, 'N') }),
});

export const findCommunityListCall = defineCall<Answer<typeof communityResponses, 'findCommunityList'>>()({
  operationId: 'findCommunityList',
  method: 'post',
  path: '/community/findCommunityList',
  summary:
    'An admin’s look at the posts with their report counts, optionally of one member by phone, or only the reported ones (most reported first)',
  tag: 'community',
  input: v.object({
    phone: v.optional(v.pipe(v.string(), v.maxLength(20, 'at most 20 characters')), ''),
    type: listType,
    page_num: pageNum,
    column,
    keyword,
    /** Y: only posts members reported, the most reported first. */
    reported: v.optional(yn, 'N'),
  }),
});

export const getCommunityDetailCall = defineCall<Answer<typeof communityResponses, 'getCommunityDetail'>>()({
  operationId: 'getCommunityDetail',
  method: 'post',
  path: '/community/getCommunityDetail',
  summary: 'One post with its comments',
  tag: 'community',
  input: v.object({ community_idx: rowId }),
});

export const todayWritingCountCall = defineCall<Answer<typeof communityResponses, 'todayWritingCount'>>()({
  operationId: 'todayWritingCount',
  method: 'post',
  path: '/community/todayWritingCount',
  summary: 'Posts the member may still publish today and the daily limit',
  tag: 'community',
  input: v.object({}),
});

/** Declared with its offline operation (sync/community/community.mutators.ts `online`). */
export const addCommunityCall = addCommunity.online;

/** Edits and deletes are offline operations too (protocol 8), declared with them. */
export const updateCommunityCall = updateCommunity.online;
export const removeCommunityCall = removeCommunity.online;

/** Declared with its offline operation (sync/community/community.mutators.ts `online`). */
export const addCommentCall = addComment.online;
export const updateCommentCall = updateComment.online;
export const removeCommentCall = removeComment.online;

export const reportOrPreventCall = defineCall<Answer<typeof communityResponses, 'reportOrPrevent'>>()({
  operationId: 'reportOrPrevent',
  method: 'post',
  path: '/community/reportOrPrevent',
  summary:
    'Report a post to the admins (R), or stop seeing its writer’s posts (P); the server finds the writer',
  tag: 'community',
  input: v.object({ community_idx: rowId, type: v.picklist(['R', 'P'], 'must be R or P') }),
});

export const getCommunityPushListCall = defineCall<
  Answer<typeof communityResponses, 'getCommunityPushList'>
>()({
  operationId: 'getCommunityPushList',
  method: 'post',
  path: '/community/getCommunityPushList',
  summary:
    'Posts published with push that the member has not opened yet: shown in the app until Web Push delivers them',
  tag: 'community',
  input: v.object({ page_num: pageNum }),
});
