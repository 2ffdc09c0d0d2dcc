import {
  getPushPublicKeyCall,
  removePushSubscriptionCall,
  savePushSubscriptionCall,
} from '../../sync/api/push.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { publicKey, subscribe, unsubscribe } from './push.service.ts';

/** Web Push subscriptions; delivery is the push job's (server/push/push.job.ts). */
const member = { kind: 'member' } as const;

export const pushOperations = [
  defineOperation(getPushPublicKeyCall, {
    access: member,
    handler: ({ ctx }) => publicKey(ctx.config),
  }),
  defineOperation(savePushSubscriptionCall, {
    access: member,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => subscribe({ ctx: t, deviceId: ctx.deviceId ?? '', keys: input })),
  }),
  defineOperation(removePushSubscriptionCall, {
    access: member,
    handler: ({ ctx }) => inTransaction(ctx, (t) => unsubscribe({ ctx: t, deviceId: ctx.deviceId ?? '' })),
  }),
];
