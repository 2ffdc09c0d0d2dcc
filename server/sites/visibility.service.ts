import type { Page } from '../../sync/api/page.ts';
import type { AdminSiteItem } from '../../sync/api/site-visibility.api.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import { requireGroupMember } from '../groups/membership.ts';
import type { AuthedContext, TxContext } from '../http/context.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import { siteMessages, visibilityMessages } from './detail.messages.ts';
import { siteListItems } from './lists.repository.ts';
import { readSiteHead, requireComplete, requireManage, siteAccess } from './site-access.ts';
import {
  deleteSiteRow,
  markSiteDeleted,
  markSiteRestored,
  restartOwnGeneralSites,
  sitesInState,
  stampSiteState,
  writeRemainDays,
  writeSiteComplete,
  writeSiteHidden,
} from './visibility.repository.ts';

/**
 * Visibility of sites (spec §4): hidden, completed, deleted, and the days general sites have
 * before they are hidden (sync/sites/expiry.ts; the daily count is server/jobs/expiry.job.ts).
 * Each change runs in the transaction its caller opened: a route, or the push of an offline
 * operation (server/sites/sites.mutators.ts).
 */

/** Spec §7 setHideSite (also offline): the owner or an admin hides or shows a site; hiding shows 15 days. */
export async function hideSite({
  ctx,
  siteIdx,
  hidden,
}: {
  ctx: TxContext;
  siteIdx: number;
  hidden: 'Y' | 'N';
}) {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireManage(access);
  await writeSiteHidden({ db: ctx.tx, siteIdx, hidden });
  await stampSiteState({
    db: ctx.tx,
    siteIdx,
    state: 'hidden',
    time: hidden === 'Y' ? ctx.now.toISOString() : null,
    hiddenBy: access.owner ? 'O' : 'A',
  });
  return { site_idx: siteIdx, hidden_status: hidden };
}

/**
 * Spec §7 setCompleteSite (also offline): a new-open site sold out, or reopened, by its
 * owner, an admin or a member of its group.
 */
export async function completeSite({
  ctx,
  siteIdx,
  complete,
}: {
  ctx: TxContext;
  siteIdx: number;
  complete: 'Y' | 'N';
}) {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireComplete({ access, completing: complete === 'Y' });
  await writeSiteComplete({ db: ctx.tx, siteIdx, complete });
  await stampSiteState({
    db: ctx.tx,
    siteIdx,
    state: 'complete',
    time: complete === 'Y' ? ctx.now.toISOString() : null,
  });
  return { site_idx: siteIdx, complete_status: complete };
}

/** Spec §7 expandGeneralSiteExpireDays: a visible general site starts its days again. */
export async function extendGeneralSite({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }) {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireManage(access);
  if (access.site.f_site_type !== 'G' || access.site.f_status !== 'N') {
    throw ruleViolation(visibilityMessages.generalOnly);
  }
  if (access.site.f_hidden === 'Y') throw ruleViolation(visibilityMessages.showFirst);
  await writeRemainDays({ db: ctx.tx, siteIdx, days: Expiry.generalSiteDays });
  return { site_idx: siteIdx, f_remain_days_till_hide: Expiry.generalSiteDays };
}

/**
 * Spec §7 updateGeneralSite (update-all of My sale list): the caller's own visible general
 * sites start their days again; with a group, only those shared to it, and the caller must be
 * in that group (-12 otherwise). Sites of other members are never touched.
 */
export async function updateAllGeneralSites({ ctx, groupIdx }: { ctx: TxContext; groupIdx: number | null }) {
  const userIdx = ctx.auth.user.f_idx;
  if (groupIdx !== null) await requireGroupMember({ db: ctx.tx, groupIdx, userIdx });
  return {
    updated: await restartOwnGeneralSites({ db: ctx.tx, userIdx, groupIdx }),
    f_remain_days_till_hide: Expiry.generalSiteDays,
  };
}

/** Spec §7 removeSite: status D; the owner or an admin. An admin can restore it or delete it for good. */
export async function removeSite({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }) {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireManage(access);
  // A draft is removed through registration (removeSiteDraft), not deleted here.
  if (access.site.f_status !== 'N') throw notFound(siteMessages.deletedOrHidden);
  await markSiteDeleted({ db: ctx.tx, siteIdx });
  await stampSiteState({ db: ctx.tx, siteIdx, state: 'deleted', time: ctx.now.toISOString() });
  return { site_idx: siteIdx };
}

/** Spec §7 removeSiteForever (admin): the row goes, with its contacts, units, likes and memos. */
export async function removeSiteForever({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }) {
  const site = await readSiteHead({ db: ctx.tx, siteIdx });
  if (!site) throw notFound(siteMessages.deletedOrHidden);
  await deleteSiteRow({ db: ctx.tx, siteIdx });
  return { site_idx: siteIdx };
}

/**
 * Spec §7 restoreAndHiddenSite (admin): a deleted site is registered again, hidden when asked.
 * A general site restored visible starts its days again; restored hidden it shows 15.
 */
export async function restoreSite({
  ctx,
  siteIdx,
  hidden,
}: {
  ctx: TxContext;
  siteIdx: number;
  hidden: 'Y' | 'N';
}) {
  const tx = ctx.tx;
  const site = await readSiteHead({ db: ctx.tx, siteIdx });
  if (!site) throw notFound(siteMessages.deletedOrHidden);
  if (site.f_status !== 'D') throw ruleViolation(visibilityMessages.notDeleted);
  const days =
    site.f_site_type !== 'G'
      ? site.f_remain_days_till_hide
      : hidden === 'Y'
        ? Expiry.hiddenRemainDays
        : Expiry.generalSiteDays;
  await markSiteRestored({ db: tx, siteIdx, hidden, days });
  const now = ctx.now.toISOString();
  await stampSiteState({ db: tx, siteIdx, state: 'deleted', time: null });
  if (hidden === 'Y') await stampSiteState({ db: tx, siteIdx, state: 'hidden', time: now, hiddenBy: 'A' });
  return { site_idx: siteIdx, hidden };
}

/** Spec §7 findSiteByStatus: a page of the admin site tab D, H or C. */
export async function findSitesByState({
  ctx,
  type,
  date,
  page,
}: {
  ctx: AuthedContext;
  type: 'D' | 'H' | 'C';
  date: string | undefined;
  page: number;
}): Promise<Page<AdminSiteItem>> {
  const states = await sitesInState({ db: ctx.db, type, date, page });
  const rows = await siteListItems({
    db: ctx.db,
    userIdx: ctx.auth.user.f_idx,
    ids: states.list.map((r) => r.f_idx),
  });
  const byIdx = new Map(rows.map((r) => [r.f_idx, r]));
  const list: AdminSiteItem[] = states.list.flatMap((r) => {
    const item = byIdx.get(r.f_idx);
    return item ? [{ ...item, ...r }] : [];
  });
  return { ...states, list };
}
