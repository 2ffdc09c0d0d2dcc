import * as v from 'valibot';
import { count, int, maybe, page, str, time, yn } from './answer-fields.ts';

export const myGroup = v.strictObject({
  f_idx: int,
  f_name: str,
  f_is_owner: yn,
  f_member_count: count,
  f_site_count: count,
});

export const groupMember = v.strictObject({
  f_user_idx: int,
  f_user_name: str,
  f_phone: str,
  f_is_owner: yn,
});

export const adminGroupItem = v.strictObject({
  f_idx: int,
  f_name: str,
  f_reg_time: time,
  f_owner_name: str,
  f_owner_phone: str,
  f_member_count: count,
  f_site_count: count,
});

export const groupsResponses = {
  addGroup: v.strictObject({ group: myGroup }),
  addMemberToGroup: v.strictObject({ member: groupMember }),
  changeGroupName: v.strictObject({ group: myGroup }),
  deleteMemberFromGroup: v.strictObject({ group_idx: int, left: v.boolean() }),
  getAllGroup: page(adminGroupItem),
  getMembersOfGroup: v.strictObject({ list: v.array(groupMember) }),
  getMyGroupList: v.strictObject({ list: v.array(myGroup) }),
  getRecentVisitGroup: v.strictObject({ group: maybe(myGroup) }),
  leaveGroup: v.strictObject({ group_idx: int }),
  releaseSiteFromGroup: v.strictObject({ site_idx: int }),
  shareSiteToGroup: v.strictObject({ site_idx: int, group_idx: int }),
};
