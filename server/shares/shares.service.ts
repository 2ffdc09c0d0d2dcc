import { randomBytes } from 'node:crypto';
import type { Page } from '../../sync/api/page.ts';
import type { SiteShareCreated, SiteShareItem } from '../../sync/api/shares.api.ts';
import {
  mayShareSite,
  SHARE_LIFETIME_DAYS,
  SHARE_PAGE_PREFIX,
  SHARE_TOKEN_BYTES,
  SHARES_PER_DAY,
  shareState,
} from '../../sync/shares/shares.ts';
import { DAY_MS } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import { isGroupMember } from '../groups/membership.ts';
import type { TxContext } from '../http/context.ts';
import { forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { requireVisible, type SiteHead, siteAccess } from '../sites/site-access.ts';
import { shareMessages } from './shares.messages.ts';
import {
  insertShare,
  lastTransferTime,
  revokeShare,
  type ShareRow,
  shareOfMember,
  sharePage,
  sharerOf,
  sharesMadeSince,
} from './shares.repository.ts';

/**
 * Sharing a site with a customer (issue 32). Who may share is `mayShareSite`
 * (sync/shares/shares.ts); a link answers only while that still holds for the agent who made it,
 * the site has not changed hands since, the agent is still an approved member, and the link is
 * neither stopped nor past its end (`linkAnswers`, read by the public page and by the list).
 */

/** The page of a token, absolute from PUBLIC_URL (a preview card needs absolute URLs). */
export function shareUrl({ publicUrl, token }: { publicUrl: string; token: string }): string {
  return `${publicUrl.replace(/\/+$/, '')}${SHARE_PAGE_PREFIX}${token}`;
}

/** Whether a stopped-or-not, unexpired link's site still answers for its agent (see the module comment). */
export async function siteAnswersFor({
  db,
  share,
  site,
}: {
  db: DbOrTx;
  share: Pick<ShareRow, 'f_user_idx' | 'f_reg_time' | 'f_site_idx'>;
  site: SiteHead;
}): Promise<boolean> {
  const userIdx = share.f_user_idx;
  const inGroup =
    site.f_group_idx !== null && (await isGroupMember({ db, groupIdx: site.f_group_idx, userIdx }));
  if (!mayShareSite({ site, userIdx, isGroupMember: inGroup })) return false;
  const moved = await lastTransferTime({ db, siteIdx: share.f_site_idx });
  if (moved !== null && moved >= share.f_reg_time) return false;
  const sharer = await sharerOf({ db, userIdx });
  return (
    sharer !== null &&
    sharer.f_approval === 'A' &&
    sharer.f_status !== 'B' &&
    sharer.f_withdrawn_time === null
  );
}

/** Spec-style `createSiteShare {site_idx}`: a new link for the caller, answering its URL and end. */
export async function createSiteShare({
  ctx,
  siteIdx,
  publicUrl,
}: {
  ctx: TxContext;
  siteIdx: number;
  publicUrl: string;
}): Promise<SiteShareCreated> {
  const { auth, now, tx } = ctx;
  const access = await siteAccess({ db: tx, auth, siteIdx });
  requireVisible(access);
  const { site } = access;
  if (site.f_site_type === 'U') throw ruleViolation(shareMessages.reportNotShareable);
  if (site.f_status !== 'N') throw ruleViolation(shareMessages.registeredOnly);
  if (site.f_hidden === 'Y') throw ruleViolation(shareMessages.hiddenNotShareable);
  if (!mayShareSite({ site, userIdx: auth.user.f_idx, isGroupMember: access.isGroupMember })) {
    throw forbidden(shareMessages.ownerOrGroupOnly);
  }
  const made = await sharesMadeSince({
    db: tx,
    userIdx: auth.user.f_idx,
    since: new Date(now.getTime() - DAY_MS).toISOString(),
  });
  if (made >= SHARES_PER_DAY)
    throw ruleViolation(shareMessages.tooMany, { params: { limit: SHARES_PER_DAY } });
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + SHARE_LIFETIME_DAYS * DAY_MS).toISOString();
  const shareIdx = await insertShare({
    db: tx,
    siteIdx,
    userIdx: auth.user.f_idx,
    token,
    time: now.toISOString(),
    expiresAt,
  });
  return { url: shareUrl({ publicUrl, token }), expires_at: expiresAt, share_idx: shareIdx };
}

/**
 * The caller's own links to a site, newest first, with their views and state. Only their own:
 * a group mate's links name that mate. Listed even when the caller may no longer share the site,
 * so they can see why a link stopped and stop the others; but, like every site operation, only
 * of a site the caller may see (a site hidden from them or deleted answers like a missing one:
 * its links answer nothing anyway).
 */
export async function siteShareList({
  ctx,
  siteIdx,
  page,
  publicUrl,
}: {
  ctx: TxContext;
  siteIdx: number;
  page: number;
  publicUrl: string;
}): Promise<Page<SiteShareItem>> {
  const { tx, now, auth } = ctx;
  const access = await siteAccess({ db: tx, auth, siteIdx });
  requireVisible(access);
  const { site } = access;
  const rows = await sharePage({ db: tx, userIdx: auth.user.f_idx, siteIdx, page });
  const list: SiteShareItem[] = [];
  for (const row of rows.list) {
    const answers = await siteAnswersFor({ db: tx, share: row, site });
    list.push({
      f_idx: row.f_idx,
      url: shareUrl({ publicUrl, token: row.f_token }),
      f_reg_time: row.f_reg_time,
      f_expires_at: row.f_expires_at,
      f_revoked_time: row.f_revoked_time,
      f_view_count: row.f_view_count,
      f_last_view_time: row.f_last_view_time,
      state: shareState({
        expiresAt: row.f_expires_at,
        revokedTime: row.f_revoked_time,
        siteAnswers: answers,
        now,
      }),
    });
  }
  return { ...rows, list };
}

/** Stops one of the caller's links; stopping it again changes nothing. Another member's link is not found. */
export async function revokeSiteShare({
  ctx,
  shareIdx,
}: {
  ctx: TxContext;
  shareIdx: number;
}): Promise<{ share_idx: number }> {
  const share = await shareOfMember({ db: ctx.tx, shareIdx, userIdx: ctx.auth.user.f_idx });
  if (!share) throw notFound(shareMessages.shareNotFound);
  await revokeShare({ db: ctx.tx, shareIdx, time: ctx.now.toISOString() });
  return { share_idx: shareIdx };
}
