import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  addGroupCall,
  addMemberToGroupCall,
  changeGroupNameCall,
  deleteMemberFromGroupCall,
  getAllGroupCall,
  getMembersOfGroupCall,
  getMyGroupListCall,
  getRecentVisitGroupCall,
  leaveGroupCall,
  releaseSiteFromGroupCall,
  shareSiteToGroupCall,
} from '../../sync/api/groups.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { groupMessages } from './groups.messages.ts';
import {
  addGroup,
  addMemberToGroup,
  allGroups,
  changeGroupName,
  deleteMemberFromGroup,
  leaveGroup,
  listMyGroups,
  membersOfGroup,
  recentGroup,
  releaseSiteFromGroup,
  shareSiteToGroup,
} from './groups.service.ts';

/**
 * Spec §7 group calls. What brings something into a group (a group, a member, a shared site)
 * is writing and refused to a write-limited member; leaving, removing and releasing never are.
 */
const member = { kind: 'member' } as const;
const writer = { kind: 'member', write: true } as const;

export const groupOperations = [
  defineOperation(getAllGroupCall, {
    access: { kind: 'admin', tab: AdminTab.member },
    handler: ({ input, ctx }) => allGroups({ ctx, page: input.page_num }),
  }),
  defineOperation(getMyGroupListCall, {
    access: member,
    handler: ({ ctx }) => listMyGroups({ ctx }),
  }),
  defineOperation(getRecentVisitGroupCall, {
    access: member,
    handler: ({ ctx }) => recentGroup({ ctx }),
  }),
  defineOperation(addGroupCall, {
    access: writer,
    successMessage: groupMessages.created,
    handler: ({ input, ctx }) => inTransaction(ctx, (t) => addGroup({ ctx: t, name: input.group_name })),
  }),
  defineOperation(changeGroupNameCall, {
    access: writer,
    successMessage: groupMessages.renamed,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeGroupName({ ctx: t, groupIdx: input.group_idx, name: input.group_name }),
      ),
  }),
  defineOperation(leaveGroupCall, {
    access: member,
    successMessage: groupMessages.left,
    handler: ({ input, ctx }) => inTransaction(ctx, (t) => leaveGroup({ ctx: t, groupIdx: input.group_idx })),
  }),
  defineOperation(addMemberToGroupCall, {
    access: writer,
    successMessage: groupMessages.memberAdded,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        addMemberToGroup({ ctx: t, groupIdx: input.group_idx, phone: input.phone_number }),
      ),
  }),
  defineOperation(deleteMemberFromGroupCall, {
    access: member,
    successMessage: (out) => (out.left ? groupMessages.left : groupMessages.memberRemoved),
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        deleteMemberFromGroup({ ctx: t, groupIdx: input.group_idx, phone: input.phone_number }),
      ),
  }),
  defineOperation(getMembersOfGroupCall, {
    access: member,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => membersOfGroup({ ctx: t, groupIdx: input.group_idx })),
  }),
  defineOperation(shareSiteToGroupCall, {
    access: writer,
    successMessage: groupMessages.shared,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        shareSiteToGroup({ ctx: t, siteIdx: input.site_idx, groupIdx: input.group_idx }),
      ),
  }),
  defineOperation(releaseSiteFromGroupCall, {
    access: member,
    successMessage: groupMessages.released,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => releaseSiteFromGroup({ ctx: t, siteIdx: input.site_idx })),
  }),
];
