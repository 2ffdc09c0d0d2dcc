import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import { phoneNumber, rowId } from './fields.ts';
import type { adminGroupItem, groupMember, groupsResponses, myGroup } from './groups.responses.ts';
import { pageNum } from './page.ts';

/**
 * Spec §7 group calls. Groups are the members' own: every group-scoped call needs the caller
 * in the group (-12 otherwise, spec §8), admins included. Online only: a group change moves
 * sites onto or off other members' devices, which only the server can decide.
 */

/** The longest group name (a dropdown row of 45px holds about this much). */
export const GROUP_NAME_MAX = 30;

export const groupName = v.pipe(
  v.string('group name required'),
  v.maxLength(200, 'group name too long'),
  v.trim(),
  v.minLength(1, 'group name required'),
  v.maxLength(GROUP_NAME_MAX, `group name must be at most ${GROUP_NAME_MAX} characters`),
);

/** A group of the caller, as the group picker and the group management show it. */
export type MyGroup = v.InferOutput<typeof myGroup>;

export type GroupMember = v.InferOutput<typeof groupMember>;

/** A group in the back office: who owns it, how many members and shared sites. */
export type AdminGroupItem = v.InferOutput<typeof adminGroupItem>;

/**
 * Spec §7 getAllGroup: every group of the service, newest first, 50 a page (admin, member tab):
 * a group is the members' own, so this is the back office's only view of them.
 */
export const getAllGroupCall = defineCall<Answer<typeof groupsResponses, 'getAllGroup'>>()({
  operationId: 'getAllGroup',
  method: 'post',
  path: '/group/getAllGroup',
  summary: 'Every group with its owner and counts, 50 a page (admin, member tab)',
  tag: 'group',
  input: v.object({ page_num: pageNum }),
});

/** Spec §7 getMyGroupList: the caller's groups by name. */
export const getMyGroupListCall = defineCall<Answer<typeof groupsResponses, 'getMyGroupList'>>()({
  operationId: 'getMyGroupList',
  method: 'post',
  path: '/group/getMyGroupList',
  summary: 'The groups the caller belongs to, by name, with member and site counts',
  tag: 'group',
  input: v.object({}),
});

/**
 * Spec §7 getRecentVisitGroup: the caller's group opened last (the group management records a
 * visit), else the one joined last; null without groups.
 */
export const getRecentVisitGroupCall = defineCall<Answer<typeof groupsResponses, 'getRecentVisitGroup'>>()({
  operationId: 'getRecentVisitGroup',
  method: 'post',
  path: '/group/getRecentVisitGroup',
  summary: 'The caller’s most recently opened group, or null',
  tag: 'group',
  input: v.object({}),
});

/** Spec §7 addGroup: a new group; the caller owns it and is its first member. */
export const addGroupCall = defineCall<Answer<typeof groupsResponses, 'addGroup'>>()({
  operationId: 'addGroup',
  method: 'post',
  path: '/group/addGroup',
  summary: 'Create a group owned by the caller',
  tag: 'group',
  input: v.object({ group_name: groupName }),
});

/** Spec §7 changeGroupName (the group's owner). */
export const changeGroupNameCall = defineCall<Answer<typeof groupsResponses, 'changeGroupName'>>()({
  operationId: 'changeGroupName',
  method: 'post',
  path: '/group/changeGroupName',
  summary: 'Rename a group (its owner; -12 outside the group)',
  tag: 'group',
  input: v.object({ group_name: groupName, group_idx: rowId }),
});

/**
 * Spec §7 leaveGroup. An owner who leaves hands the group to its longest-standing member; the
 * last member leaving ends the group, and its sites are shared with no one.
 */
export const leaveGroupCall = defineCall<Answer<typeof groupsResponses, 'leaveGroup'>>()({
  operationId: 'leaveGroup',
  method: 'post',
  path: '/group/leaveGroup',
  summary: 'Leave a group (-12 outside it)',
  tag: 'group',
  input: v.object({ group_idx: rowId }),
});

/** Spec §7 addMemberToGroup: any member adds an approved agent by phone. */
export const addMemberToGroupCall = defineCall<Answer<typeof groupsResponses, 'addMemberToGroup'>>()({
  operationId: 'addMemberToGroup',
  method: 'post',
  path: '/group/addMemberToGroup',
  summary: 'Add an agent to a group by phone (-12 outside the group, -11 already a member)',
  tag: 'group',
  input: v.object({ group_idx: rowId, phone_number: phoneNumber }),
});

/**
 * Spec §7 deleteMemberFromGroup: the owner removes a member; removing your own phone is
 * leaving (spec §4), for any member.
 */
export const deleteMemberFromGroupCall = defineCall<
  Answer<typeof groupsResponses, 'deleteMemberFromGroup'>
>()({
  operationId: 'deleteMemberFromGroup',
  method: 'post',
  path: '/group/deleteMemberFromGroup',
  summary: 'Remove a member by phone (the owner), or leave with your own phone',
  tag: 'group',
  input: v.object({ group_idx: rowId, phone_number: phoneNumber }),
});

/** Spec §7 getMembersOfGroup: the members, owner first; records the caller's visit. */
export const getMembersOfGroupCall = defineCall<Answer<typeof groupsResponses, 'getMembersOfGroup'>>()({
  operationId: 'getMembersOfGroup',
  method: 'post',
  path: '/group/getMembersOfGroup',
  summary: 'The members of a group (-12 outside it)',
  tag: 'group',
  input: v.object({ group_idx: rowId }),
});

/** Spec §7 shareSiteToGroup: the site's owner shares it to one of the owner's groups. */
export const shareSiteToGroupCall = defineCall<Answer<typeof groupsResponses, 'shareSiteToGroup'>>()({
  operationId: 'shareSiteToGroup',
  method: 'post',
  path: '/group/shareSiteToGroup',
  summary: 'Share a registered site to a group of its owner (owner only; -12 outside the group)',
  tag: 'group',
  input: v.object({ site_idx: rowId, group_idx: rowId }),
});

/** Spec §7 releaseSiteFromGroup: the site's owner shares it with no group any more. */
export const releaseSiteFromGroupCall = defineCall<Answer<typeof groupsResponses, 'releaseSiteFromGroup'>>()({
  operationId: 'releaseSiteFromGroup',
  method: 'post',
  path: '/group/releaseSiteFromGroup',
  summary: 'Stop sharing a site with its group (owner only)',
  tag: 'group',
  input: v.object({ site_idx: rowId }),
});
