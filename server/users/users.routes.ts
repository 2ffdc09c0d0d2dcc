import {
  checkSessionCall,
  exitAppCall,
  getProfileCall,
  logoutCall,
  updateProfileCall,
  updatePushSettingCall,
} from '../../sync/api/auth.api.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { withdraw } from '../auth/auth.service.ts';
import { defineOperation } from '../http/operation.ts';
import { toProfile } from './profile.ts';
import { logout, updateProfile, updatePushSetting } from './users.service.ts';

export const usersOperations = [
  defineOperation(getProfileCall, {
    access: { kind: 'session' },
    handler: ({ ctx }) => toProfile({ ctx, auth: ctx.auth }),
  }),
  defineOperation(checkSessionCall, {
    access: { kind: 'session' },
    handler: () => ({ ok: true as const }),
  }),
  defineOperation(updateProfileCall, {
    access: { kind: 'session', write: true },
    successMessage: authMessages.saved,
    handler: ({ input, ctx }) =>
      updateProfile({
        ctx,
        affiliation: input.affiliation,
        name: input.name,
        businessCard: input.business_card,
      }),
  }),
  defineOperation(updatePushSettingCall, {
    access: { kind: 'session' },
    successMessage: authMessages.saved,
    handler: ({ input, ctx }) => updatePushSetting({ ctx, setting: input }),
  }),
  defineOperation(logoutCall, {
    access: { kind: 'session' },
    handler: async ({ ctx }) => {
      await logout({ ctx });
      return null;
    },
  }),
  defineOperation(exitAppCall, {
    access: { kind: 'session' },
    handler: async ({ input, ctx }) => {
      await withdraw({ ctx, user: ctx.auth.user, phone: input.phone });
      return null;
    },
  }),
];
