import { homeMessages } from '../home/home.messages.ts';
import type { AuthedContext, TxContext } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { areaIdxs, areaList, likeCount, setLikes } from './areas.repository.ts';

/**
 * Regional interest (spec §2 Home, §7 setAreaLike, setTotalAreaLike): the 시/군/구 a member
 * follows, one district or a whole 시/도 at once. The home's monthly new sites count only these
 * (every region while none is chosen); notifications read the same table for their recipients.
 */
export async function likeAreas({
  ctx,
  target,
  like,
}: {
  ctx: TxContext;
  target: { idx: number } | { province: string };
  like: boolean;
}): Promise<{ like_count: number }> {
  const idxs = await areaIdxs({
    db: ctx.tx,
    ...('idx' in target ? { idx: target.idx } : { province: target.province }),
  });
  if (idxs.length === 0) throw notFound(homeMessages.noSuchArea);
  const userIdx = ctx.auth.user.f_idx;
  await setLikes({ db: ctx.tx, userIdx, areaIdxs: idxs, like, now: ctx.now });
  return { like_count: await likeCount({ db: ctx.tx, userIdx }) };
}

/** Every 시/군/구, with whether the member follows it. */
export async function areasOfMember({ ctx }: { ctx: AuthedContext }) {
  return { list: await areaList({ db: ctx.db, userIdx: ctx.auth.user.f_idx }) };
}
