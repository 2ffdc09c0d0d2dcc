import type { TxContext } from '../http/context.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { deleteLike, insertLike, upsertMemo } from './interest.repository.ts';
import { isVisibleTo, readSiteHead, requireExists, siteUnavailable } from './site-access.ts';

/**
 * A member's own marks on a site (spec §2 Interest, site detail memo): the like (favourite)
 * and the private memo with its images. Both are offline operations
 * (server/sites/sites.mutators.ts) and RPCs; a site that does not exist for the member is refused.
 */

/** A member marks only a site they may see (a like or a view brings it to their device). */
async function requireReachable({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }): Promise<void> {
  const site = await readSiteHead({ db: ctx.tx, siteIdx });
  if (!site) throw siteUnavailable();
  requireExists({ site, auth: ctx.auth });
  if (!(await isVisibleTo({ db: ctx.tx, siteIdx, auth: ctx.auth }))) throw siteUnavailable();
}

/** Spec §7 setLikeSite. */
export async function setLike({ ctx, siteIdx, like }: { ctx: TxContext; siteIdx: number; like: 'Y' | 'N' }) {
  // Taking one's own like back reveals nothing, so it works on a site hidden since.
  if (like === 'Y') await requireReachable({ ctx, siteIdx });
  const userIdx = ctx.auth.user.f_idx;
  if (like === 'Y') await insertLike({ db: ctx.tx, userIdx, siteIdx, time: ctx.now.toISOString() });
  else await deleteLike({ db: ctx.tx, userIdx, siteIdx });
  return { site_idx: siteIdx, like_status: like };
}

/** Spec §7 addSiteMemo: the member's one memo on the site, replaced whole. */
export async function saveMemo({
  ctx,
  siteIdx,
  memo,
  images,
}: {
  ctx: TxContext;
  siteIdx: number;
  memo: string;
  images: string[];
}) {
  refuseLocalFiles({ value: images, field: 'memo_images' });
  await requireReachable({ ctx, siteIdx });
  await upsertMemo({
    db: ctx.tx,
    userIdx: ctx.auth.user.f_idx,
    siteIdx,
    memo,
    images,
    time: ctx.now.toISOString(),
  });
  return { site_idx: siteIdx };
}
