import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import { DAY_MS, seoulDate, seoulMidnight } from '../clock.ts';
import type { TxContext } from '../http/context.ts';
import { invalidInput } from '../http/errors.ts';
import { siteMessages } from './detail.messages.ts';
import { readDetailRows, recordRecentView, unitIdsOfSite, writeUnitCompletion } from './detail.repository.ts';
import { requireComplete, requireVisible, siteAccess, siteUnavailable } from './site-access.ts';

/** Whole Seoul days between two instants (0 on the same calendar day). */
function seoulDaysBetween({ from, to }: { from: Date; to: Date }): number {
  const a = seoulMidnight(seoulDate(from)).getTime();
  const b = seoulMidnight(seoulDate(to)).getTime();
  return Math.round((b - a) / DAY_MS);
}

/**
 * Spec §7 getSiteDetail, for whoever may see the site (site-access.ts `isVisibleTo`: a hidden
 * one its owner, its group and admins; an unregistered-site report its reporter and admins;
 * others get the deleted-or-hidden notice); a deleted one only an admin. Private inlay pictures (f_inlay_private Y) go to the same
 * people who may modify the site. The view is kept as a recent view unless asked not to or
 * the caller is an admin (admin mode skips recent-view logging, spec §6).
 */
export async function getSiteDetail({
  ctx,
  siteIdx,
  logView,
}: {
  ctx: TxContext;
  siteIdx: number;
  logView: boolean;
}): Promise<SiteDetail> {
  const { auth, now } = ctx;
  const userIdx = auth.user.f_idx;
  const access = await siteAccess({ db: ctx.tx, siteIdx, auth, allowDeleted: auth.isAdmin });
  const { site, permissions, isGroupMember } = access;
  const hidden = site.f_hidden === 'Y';
  requireVisible(access);
  const rows = await readDetailRows({ db: ctx.tx, siteIdx, userIdx });
  if (!rows) throw siteUnavailable();
  if (logView && !auth.isAdmin && site.f_status === 'N') {
    await recordRecentView({ db: ctx.tx, siteIdx, userIdx, time: now.toISOString() });
  }
  const {
    contacts,
    rooms,
    dongs: _draftDongs,
    version: _version,
    f_client_id: _clientId,
    ...columns
  } = rows.site;
  const inlayVisible = columns.f_inlay_private !== 'Y' || permissions.modify;
  return {
    common: {
      ...columns,
      f_inlay_image_url: inlayVisible ? columns.f_inlay_image_url : [],
      f_like: rows.liked ? 'Y' : 'N',
      f_can_manage: access.owner ? 'Y' : 'N',
      f_group_name: rows.groupName,
    },
    memo: rows.memo?.f_memo ?? '',
    memo_images: rows.memo?.f_memo_images ?? [],
    contact_list: contacts,
    dong_list: rows.dongs,
    ho_list: rows.hos,
    room_list: rooms,
    recent_notify_info: rows.latestNotification
      ? {
          f_idx: rows.latestNotification.f_idx,
          f_recent_noti_ago_date: seoulDaysBetween({
            from: new Date(rows.latestNotification.f_reg_time),
            to: now,
          }),
        }
      : null,
    isGroupMember,
    isHidden: hidden,
    isDeleted: site.f_status === 'D',
    permissions,
  };
}

/**
 * Spec §7 setCompleteHouse: the sale-complete grid's apply. The list is the whole answer:
 * listed units are completed, every other unit of the site is not. A unit of another site
 * in the list is bad input (-4) and nothing is written.
 */
export async function setCompleteHouse({
  ctx,
  siteIdx,
  completed,
}: {
  ctx: TxContext;
  siteIdx: number;
  completed: readonly number[];
}): Promise<{ site_idx: number; completed: number; total: number }> {
  const access = await siteAccess({ db: ctx.tx, siteIdx, auth: ctx.auth });
  requireComplete({ access, completing: true });
  const units = await unitIdsOfSite({ db: ctx.tx, siteIdx });
  const unique = [...new Set(completed)];
  if (unique.some((idx) => !units.has(idx))) {
    throw invalidInput({ field: 'ho_idx_list', msg: siteMessages.unitNotInSite });
  }
  await writeUnitCompletion({ db: ctx.tx, siteIdx, completed: unique });
  return { site_idx: siteIdx, completed: unique.length, total: units.size };
}
