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
import { storeImage } from '../uploads/images.ts';
import { toProfile } from './profile.ts';

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
    handler: async ({ input, ctx }) => {
      const card = input.business_card
        ? await storeImage({
            file: input.business_card,
            storage: ctx.adapters.storage,
            field: 'business_card',
          })
        : ctx.auth.user.f_business_card;
      await ctx.db
        .updateTable('users')
        .set({ f_affiliation: input.affiliation, f_name: input.name, f_business_card: card })
        .where('f_idx', '=', ctx.auth.user.f_idx)
        .execute();
      const user = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('f_idx', '=', ctx.auth.user.f_idx)
        .executeTakeFirstOrThrow();
      return toProfile({ ctx, auth: { ...ctx.auth, user } });
    },
  }),
  defineOperation(updatePushSettingCall, {
    access: { kind: 'session' },
    successMessage: authMessages.saved,
    handler: async ({ input, ctx }) => {
      await ctx.db
        .updateTable('users')
        .set({
          f_push: input.push,
          f_push_sound: input.push_sound,
          f_push_vibration: input.push_vibration,
          f_push_off_start_time: input.push_off_start_time,
          f_push_off_end_time: input.push_off_end_time,
        })
        .where('f_idx', '=', ctx.auth.user.f_idx)
        .execute();
      return input;
    },
  }),
  defineOperation(logoutCall, {
    access: { kind: 'session' },
    handler: async ({ ctx }) => {
      await ctx.db
        .updateTable('sessions')
        .set({ ended_at: ctx.clock.now().toISOString(), end_reason: 'logout' })
        .where('f_idx', '=', ctx.auth.session.f_idx)
        .execute();
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
