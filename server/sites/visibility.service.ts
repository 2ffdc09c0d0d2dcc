import type { Page } from '../../sync/api/page.ts';
import type { AdminSiteItem } from '../../sync/api/site-visibility.api.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import type { AuthedContext } from '../http/context.ts';
import { notFound, notGroupMember, ruleViolation } from '../http/errors.ts';
import { siteMessages, visibilityMessages } from './detail.messages.ts';
import { siteListItems } from './lists.repository.ts';
import { isMemberOfGroup, readSiteHead, requireManage, siteAccess } from './site-access.ts';
import { sitesInState, stampSiteState } from './visibility.repository.ts';

/**
 * Visibility of sites (spec §4): hidden, completed, deleted, and the days general sites have
 * before they are hidden (sync/sites/expiry.ts; the daily count is server/jobs/expiry.job.ts).
 */

/** Spec §7 expandGeneralSiteExpireDays: a visible general site starts its days again. */
export async function extendGeneralSite({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.transaction().execute(async (tx) => {
    const access = await siteAccess({ db: tx, siteIdx, auth: ctx.auth });
    requireManage(access);
    if (access.site.f_site_type !== 'G' || access.site.f_status !== 'N') {
      throw ruleViolation(visibilityMessages.generalOnly);
    }
    if (access.site.f_hidden === 'Y') throw ruleViolation(visibilityMessages.showFirst);
    await tx
      .updateTable('sites')
      .set({ f_remain_days_till_hide: Expiry.generalSiteDays })
      .where('f_idx', '=', siteIdx)
      .execute();
    return { site_idx: siteIdx, f_remain_days_till_hide: Expiry.generalSiteDays };
  });
}

/**
 * Spec §7 updateGeneralSite (update-all of My sale list): the caller's own visible general
 * sites start their days again; with a group, only those shared to it, and the caller must be
 * in that group (-12 otherwise). Sites of other members are never touched.
 */
export async function updateAllGeneralSites({
  ctx,
  groupIdx,
}: {
  ctx: AuthedContext;
  groupIdx: number | null;
}) {
  const userIdx = ctx.auth.user.f_idx;
  return ctx.db.transaction().execute(async (tx) => {
    if (groupIdx !== null && !(await isMemberOfGroup({ db: tx, groupIdx, userIdx }))) {
      throw notGroupMember(siteMessages.notGroupMember);
    }
    let query = tx
      .updateTable('sites')
      .set({ f_remain_days_till_hide: Expiry.generalSiteDays })
      .where('f_user_idx', '=', userIdx)
      .where('f_site_type', '=', 'G')
      .where('f_status', '=', 'N')
      .where('f_hidden', '=', 'N')
      .where((eb) =>
        eb.or([
          eb('f_remain_days_till_hide', 'is', null),
          eb('f_remain_days_till_hide', '!=', Expiry.generalSiteDays),
        ]),
      );
    if (groupIdx !== null) query = query.where('f_group_idx', '=', groupIdx);
    const result = await query.executeTakeFirst();
    return {
      updated: Number(result.numUpdatedRows),
      f_remain_days_till_hide: Expiry.generalSiteDays,
    };
  });
}

/** Spec §7 removeSite: status D; the owner or an admin. An admin can restore it or delete it for good. */
export async function removeSite({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.transaction().execute(async (tx) => {
    const access = await siteAccess({ db: tx, siteIdx, auth: ctx.auth });
    requireManage(access);
    // A draft is removed through registration (removeSiteDraft), not deleted here.
    if (access.site.f_status !== 'N') throw notFound(siteMessages.deletedOrHidden);
    await tx.updateTable('sites').set({ f_status: 'D' }).where('f_idx', '=', siteIdx).execute();
    await stampSiteState({ db: tx, siteIdx, state: 'deleted', time: ctx.clock.now().toISOString() });
    return { site_idx: siteIdx };
  });
}

/** Spec §7 removeSiteForever (admin): the row goes, with its contacts, units, likes and memos. */
export async function removeSiteForever({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.transaction().execute(async (tx) => {
    const site = await readSiteHead({ db: tx, siteIdx });
    if (!site) throw notFound(siteMessages.deletedOrHidden);
    await tx.deleteFrom('sites').where('f_idx', '=', siteIdx).execute();
    return { site_idx: siteIdx };
  });
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
  ctx: AuthedContext;
  siteIdx: number;
  hidden: 'Y' | 'N';
}) {
  return ctx.db.transaction().execute(async (tx) => {
    const site = await readSiteHead({ db: tx, siteIdx });
    if (!site) throw notFound(siteMessages.deletedOrHidden);
    if (site.f_status !== 'D') throw ruleViolation(visibilityMessages.notDeleted);
    const days =
      site.f_site_type !== 'G'
        ? site.f_remain_days_till_hide
        : hidden === 'Y'
          ? Expiry.hiddenRemainDays
          : Expiry.generalSiteDays;
    await tx
      .updateTable('sites')
      .set({ f_status: 'N', f_hidden: hidden, f_remain_days_till_hide: days })
      .where('f_idx', '=', siteIdx)
      .execute();
    const now = ctx.clock.now().toISOString();
    await stampSiteState({ db: tx, siteIdx, state: 'deleted', time: null });
    if (hidden === 'Y') await stampSiteState({ db: tx, siteIdx, state: 'hidden', time: now, hiddenBy: 'A' });
    return { site_idx: siteIdx, hidden };
  });
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
