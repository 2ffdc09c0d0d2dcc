import type { PushPublicKey } from '../../sync/api/push.api.ts';
import type { Config } from '../config.ts';
import type { TxContext } from '../http/context.ts';
import { removeSubscription, saveSubscription } from './push.repository.ts';

/** The key a device subscribes with (PushManager applicationServerKey). */
export function publicKey(config: Pick<Config, 'push'>): PushPublicKey {
  return { public_key: config.push.vapid.publicKey };
}

/** This member's subscription on this device (the session is bound to it). */
export async function subscribe({
  ctx,
  deviceId,
  keys,
}: {
  ctx: TxContext;
  deviceId: string;
  keys: { endpoint: string; p256dh: string; auth: string };
}): Promise<null> {
  await saveSubscription({
    db: ctx.tx,
    sub: { userIdx: ctx.auth.user.f_idx, deviceId, ...keys, now: ctx.now },
  });
  return null;
}

/** Push turned off, or signing out: this device hears nothing more for this member. */
export async function unsubscribe({ ctx, deviceId }: { ctx: TxContext; deviceId: string }): Promise<null> {
  await removeSubscription({ db: ctx.tx, userIdx: ctx.auth.user.f_idx, deviceId });
  return null;
}
