import { cached } from '../db/statements.ts';
import type { TxContext } from '../http/context.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { isVisibleTo, readSiteHead, requireExists, siteUnavailable } from './site-access.ts';

/**
 * A member's own marks on a site (spec §2 Interest, site detail memo): the like (favourite)
 * and the private memo with its images. Both are offline operations
 * (server/sites/sites.mutators.ts) and RPCs; a site that does not exist for the member is refused.
 */

/** A member marks only a site they may see (a like or a view brings it to their device). */
function requireReachable({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }): void {
  const site = readSiteHead({ sqlite: ctx.sqlite, siteIdx });
  if (!site) throw siteUnavailable();
  requireExists({ site, auth: ctx.auth });
  if (!isVisibleTo({ sqlite: ctx.sqlite, siteIdx, auth: ctx.auth })) throw siteUnavailable();
}

/** Spec §7 setLikeSite. */
export function setLike({ ctx, siteIdx, like }: { ctx: TxContext; siteIdx: number; like: 'Y' | 'N' }) {
  // Taking one's own like back reveals nothing, so it works on a site hidden since.
  if (like === 'Y') requireReachable({ ctx, siteIdx });
  const userIdx = ctx.auth.user.f_idx;
  if (like === 'Y') {
    cached({
      sqlite: ctx.sqlite,
      sql: 'INSERT INTO site_likes (f_user_idx, f_site_idx, f_reg_time) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    }).run(userIdx, siteIdx, ctx.now.toISOString());
  } else {
    cached({ sqlite: ctx.sqlite, sql: 'DELETE FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ?' }).run(
      userIdx,
      siteIdx,
    );
  }
  return { site_idx: siteIdx, like_status: like };
}

/** Spec §7 addSiteMemo: the member's one memo on the site, replaced whole. */
export function saveMemo({
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
  requireReachable({ ctx, siteIdx });
  cached({
    sqlite: ctx.sqlite,
    sql: `INSERT INTO site_memos (f_user_idx, f_site_idx, f_memo, f_memo_images, f_update_time) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET
         f_memo = excluded.f_memo, f_memo_images = excluded.f_memo_images, f_update_time = excluded.f_update_time`,
  }).run(ctx.auth.user.f_idx, siteIdx, memo, JSON.stringify(images), ctx.now.toISOString());
  return { site_idx: siteIdx };
}
