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
import { Limits } from '../../sync/constants.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { defineOperation } from '../http/operation.ts';
import { toAdminUsers } from './members.repository.ts';
import {
  closeLock,
  decideApplicant,
  liftLimit,
  limitMember,
  loginAsMember,
  openLock,
  preregisterPhone,
  removeByPhone,
  requireUserByPhone,
  setAuthority,
  setBlocked,
} from './members.service.ts';

const member = { kind: 'admin', tab: AdminTab.member } as const;
const accept = { kind: 'admin', tab: AdminTab.accept } as const;

export const membersOperations = [
  defineOperation(getPendingUserListCall, {
    access: accept,
    handler: async ({ input, ctx }) => {
      const base = ctx.db
        .selectFrom('users')
        .where('f_approval', '=', 'P')
        .where('f_withdrawn_time', 'is', null);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const users = await base
        .selectAll()
        .orderBy('f_reg_time')
        .orderBy('f_idx')
        .offset(input.offset)
        .limit(input.limit)
        .execute();
      return { total: Number(n), list: await toAdminUsers({ db: ctx.db, users }) };
    },
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
      return null;
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
      return null;
    },
  }),
  defineOperation(blockPhoneCall, {
    access: member,
    successMessage: authMessages.limitApplied,
    handler: async ({ input, ctx }) => {
      await setBlocked({ ctx, phone: input.phone, blocked: true });
      return null;
    },
  }),
  defineOperation(unblockPhoneCall, {
    access: member,
    successMessage: authMessages.limitLifted,
    handler: async ({ input, ctx }) => {
      await setBlocked({ ctx, phone: input.phone, blocked: false });
      return null;
    },
  }),
  defineOperation(removeUserFromDBCall, {
    access: member,
    successMessage: authMessages.userRemoved,
    handler: async ({ input, ctx }) => {
      await removeByPhone({ ctx, phone: input.phone });
      return null;
    },
  }),
  defineOperation(findUserByPhoneCall, {
    access: member,
    handler: async ({ input, ctx }) => {
      const [user] = await toAdminUsers({
        db: ctx.db,
        users: [await requireUserByPhone({ ctx, phone: input.phone })],
      });
      return user!;
    },
  }),
  defineOperation(getUserDetailCall, {
    access: { kind: 'admin', tab: AdminTab.info },
    handler: async ({ input, ctx }) => {
      const [user] = await toAdminUsers({
        db: ctx.db,
        users: [await requireUserByPhone({ ctx, phone: input.phone })],
      });
      return user!;
    },
  }),
  defineOperation(findUserListByPhoneCall, {
    access: member,
    handler: async ({ input, ctx }) => {
      let base = ctx.db.selectFrom('users').where('f_withdrawn_time', 'is', null);
      if (input.phone) base = base.where('f_phone', 'like', `%${input.phone}%`);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const users = await base
        .selectAll()
        .orderBy('f_idx', 'desc')
        .offset((input.page - 1) * Limits.pageSize)
        .limit(Limits.pageSize)
        .execute();
      return { total: Number(n), list: await toAdminUsers({ db: ctx.db, users }) };
    },
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
      return null;
    },
  }),
  defineOperation(getLoginLogCall, {
    access: { kind: 'admin', tab: AdminTab.login },
    handler: async ({ input, ctx }) => {
      let base = ctx.db.selectFrom('login_logs as l').innerJoin('users as u', 'u.f_idx', 'l.f_user_idx');
      if (input.phone) base = base.where('u.f_phone', 'like', `%${input.phone}%`);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const list = await base
        .select([
          'l.f_idx',
          'l.f_time',
          'l.f_user_idx',
          'u.f_name',
          'u.f_phone',
          'l.f_device_id',
          'l.f_ip',
          'l.f_user_agent',
          'l.f_by_admin',
        ])
        .orderBy('l.f_idx', 'desc')
        .offset((input.page - 1) * Limits.pageSize)
        .limit(Limits.pageSize)
        .execute();
      return { total: Number(n), list };
    },
  }),
  defineOperation(adminLoginCall, {
    access: member,
    handler: ({ input, ctx }) =>
      loginAsMember({ ctx, auth: ctx.auth, key: input.phone_number, type: input.type }),
  }),
];
