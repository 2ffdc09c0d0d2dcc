import * as v from 'valibot';
import { communityTypes } from '../community/rules.ts';
import {
  count,
  editConflict,
  int,
  maybe,
  nothing,
  page,
  pageEntries,
  str,
  time,
  yn,
} from './answer-fields.ts';

const postEntries = {
  f_idx: int,
  f_type: v.picklist(communityTypes),
  f_title: str,
  f_content: str,
  f_phone: str,
  f_user_name: str,
  f_user_idx: int,
  f_anony: yn,
  f_made: yn,
  f_made_until: maybe(time),
  f_push: yn,
  f_image_url: v.array(str),
  f_reg_time: time,
  f_update_time: maybe(time),
  /** The post's edit count: an edit made offline names the one it was made on (protocol 8). */
  f_version: count,
  comment_count: count,
  mine: v.boolean(),
  can_edit: v.boolean(),
};

export const communityPost = v.strictObject(postEntries);

export const communityComment = v.strictObject({
  f_idx: int,
  f_comment: str,
  f_anony: yn,
  f_user_name: str,
  f_user_idx: int,
  f_reg_time: time,
  f_version: count,
  mine: v.boolean(),
  can_edit: v.boolean(),
});

export const adminCommunityPost = v.strictObject({ ...postEntries, report_count: count });
export const communityDetail = v.strictObject({ ...postEntries, comment_list: v.array(communityComment) });
export const writingCount = v.strictObject({ left: count, limit: count });

export const communityResponses = {
  addComment: communityComment,
  addCommunity: v.strictObject({
    f_idx: int,
    f_made_until: maybe(time),
    spent: count,
    balance: int,
    left: count,
    limit: count,
  }),
  findCommunityList: v.strictObject(pageEntries(adminCommunityPost)),
  getCommunityDetail: communityDetail,
  getCommunityList: page(communityPost),
  getCommunityPushList: page(communityPost),
  removeComment: nothing,
  removeCommunity: v.strictObject({ removed: count }),
  reportOrPrevent: nothing,
  todayWritingCount: writingCount,
  updateComment: v.strictObject({ ...communityComment.entries, conflict: editConflict }),
  updateCommunity: v.strictObject({ ...postEntries, conflict: editConflict }),
};
