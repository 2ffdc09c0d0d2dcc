import type { Profile, PushSetting } from '../../sync/api/auth.api.ts';
import type { AuthedContext } from '../http/context.ts';
import { storeImage } from '../uploads/images.ts';
import { toProfile } from './profile.ts';
import { endSession, readUser, writeProfileFields, writePushSetting } from './users.repository.ts';

/** Spec §7 updateProfile: affiliation and name, and the card photo when a new one is sent. */
export async function updateProfile({
  ctx,
  affiliation,
  name,
  businessCard,
}: {
  ctx: AuthedContext;
  affiliation: string;
  name: string;
  businessCard: Blob | undefined;
}): Promise<Profile> {
  const userIdx = ctx.auth.user.f_idx;
  const card = businessCard
    ? await storeImage({
        file: businessCard,
        storage: ctx.adapters.storage,
        maxPixels: ctx.config.imageMaxPixels,
        field: 'business_card',
      })
    : ctx.auth.user.f_business_card;
  await writeProfileFields({ db: ctx.db, userIdx, affiliation, name, businessCard: card });
  const user = await readUser({ db: ctx.db, userIdx });
  return toProfile({ ctx, auth: { ...ctx.auth, user } });
}

export async function updatePushSetting({
  ctx,
  setting,
}: {
  ctx: AuthedContext;
  setting: PushSetting;
}): Promise<PushSetting> {
  await writePushSetting({ db: ctx.db, userIdx: ctx.auth.user.f_idx, setting });
  return setting;
}

/** Spec §7 logout: the session of this device ends. */
export async function logout({ ctx }: { ctx: AuthedContext }): Promise<void> {
  await endSession({ db: ctx.db, clock: ctx.clock, sessionIdx: ctx.auth.session.f_idx });
}
