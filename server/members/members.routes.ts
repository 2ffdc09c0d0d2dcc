import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  addPhoneNumberCall,
  adminLoginCall,
  blockPhoneCall,
  changeUserStatusByIdCall,
  changeUserStatusCall,
  closeAdminLockCall,
  findUserByPhoneCall,
  findUserListByPhoneCall,
  getLoginLogCall,
  getPendingUserListCall,
  getUserDetailCall,
  liftUserLimitCall,
  openAdminLockCall,
  removeUserFromDBCall,
  unblockPhoneCall,
  updateAdminAuthorityCall,
} from '../../sync/api/admin-members.api.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { defineOperation } from '../http/operation.ts';
import {
  adminUserByPhone,
  closeLock,
  decideApplicant,
  liftLimit,
  limitMember,
  loginAsMember,
  loginLog,
  membersByPhone,
  openLock,
  pendingApplicants,
  preregisterPhone,
  removeByPhone,
  setAuthority,
  setBlocked,
} from './members.service.ts';

const member = { kind: 'admin', tab: AdminTab.member } as const;
const accept = { kind: 'admin', tab: AdminTab.accept } as const;

export const membersOperations = [
  defineOperation(getPendingUserListCall, {
    access: accept,
    handler: ({ input, ctx }) => pendingApplicants({ ctx, offset: input.offset, limit: input.limit }),
  }),
  defineOperation(changeUserStatusByIdCall, {
    access: accept,
    successMessage: (out) => (out.f_approval === 'A' ? authMessages.approved : authMessages.rejected),
    handler: ({ input, ctx }) => decideApplicant({ ctx, userIdx: input.user_id, status: input.status }),
  }),
  defineOperation(addPhoneNumberCall, {
    access: accept,
    successMessage: authMessages.phoneAdded,
    handler: async ({ input, ctx }) => {
      await preregisterPhone({ ctx, phone: input.phone });
      return { phone: input.phone };
    },
  }),
  defineOperation(changeUserStatusCall, {
    access: member,
    successMessage: authMessages.limitApplied,
    handler: ({ input, ctx }) => limitMember({ ctx, phone: input.phone, status: input.status }),
  }),
  defineOperation(liftUserLimitCall, {
    access: member,
    successMessage: authMessages.limitLifted,
    handler: async ({ input, ctx }) => {
      await liftLimit({ ctx, phone: input.phone });
      return { phone: input.phone, f_status: 'N' as const };
    },
  }),
  defineOperation(blockPhoneCall, {
    access: member,
    successMessage: authMessages.limitApplied,
    handler: async ({ input, ctx }) => {
      await setBlocked({ ctx, phone: input.phone, blocked: true });
      return { phone: input.phone, f_status: 'B' as const };
    },
  }),
  defineOperation(unblockPhoneCall, {
    access: member,
    successMessage: authMessages.limitLifted,
    handler: async ({ input, ctx }) => {
      await setBlocked({ ctx, phone: input.phone, blocked: false });
      return { phone: input.phone, f_status: 'N' as const };
    },
  }),
  defineOperation(removeUserFromDBCall, {
    access: member,
    successMessage: authMessages.userRemoved,
    handler: async ({ input, ctx }) => {
      await removeByPhone({ ctx, phone: input.phone });
      return { phone: input.phone };
    },
  }),
  defineOperation(findUserByPhoneCall, {
    access: member,
    handler: ({ input, ctx }) => adminUserByPhone({ ctx, phone: input.phone }),
  }),
  // The member tab already lists every field of the detail (findUserListByPhone): the detail opens from it.
  defineOperation(getUserDetailCall, {
    access: member,
    handler: ({ input, ctx }) => adminUserByPhone({ ctx, phone: input.phone }),
  }),
  defineOperation(findUserListByPhoneCall, {
    access: member,
    handler: ({ input, ctx }) => membersByPhone({ ctx, phone: input.phone, page: input.page }),
  }),
  defineOperation(updateAdminAuthorityCall, {
    access: { kind: 'admin', tab: AdminTab.manage },
    successMessage: authMessages.saved,
    handler: ({ input, ctx }) => setAuthority({ ctx, userIdx: input.user_idx, authority: input.authority }),
  }),
  defineOperation(openAdminLockCall, {
    access: { kind: 'admin', tab: 'any' },
    handler: ({ input, ctx }) => openLock({ ctx, password: input.password }),
  }),
  defineOperation(closeAdminLockCall, {
    access: { kind: 'admin', tab: 'any' },
    handler: async ({ ctx }) => {
      await closeLock({ ctx });
      return { unlocked_until: null };
    },
  }),
  defineOperation(getLoginLogCall, {
    access: { kind: 'admin', tab: AdminTab.login },
    handler: ({ input, ctx }) => loginLog({ ctx, phone: input.phone, page: input.page }),
  }),
  defineOperation(adminLoginCall, {
    access: member,
    handler: ({ input, ctx }) =>
      loginAsMember({ ctx, auth: ctx.auth, key: input.phone_number, type: input.type }),
  }),
];
