import { type SitePermissions, sitePermissions } from '../../sync/sites/detail.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { DbOrTx } from '../db/database.ts';
import { groupMessages } from '../groups/groups.messages.ts';
import { isGroupMember } from '../groups/membership.ts';
import { forbidden, notGroupMember, ruleViolation } from '../http/errors.ts';
import { siteMessages } from './detail.messages.ts';
import { readSiteHead, type SiteHead, siteVisibleToMember } from './site-access.repository.ts';

export { readSiteHead, readSiteHeadByClientId, type SiteHead } from './site-access.repository.ts';

/**
 * Who may do what on a site (spec §6), for every site operation: the detail, the lists,
 * visibility, registration and the offline operations, online or pushed. The rules
 * themselves are sync/sites/detail.ts `sitePermissions`, which the screens also use to
 * decide which buttons to show. Reads run on `db`, the caller's transaction.
 */

export interface SiteAccess {
  site: SiteHead;
  owner: boolean;
  isGroupMember: boolean;
  /** The caller may see the site (see `isVisibleTo`). */
  visible: boolean;
  permissions: SitePermissions;
}

/**
 * Who may see a site: the one rule, for the API's reads here and for the sync scope (the feed
 * triggers of migrations/0010_site_visibility.ts). The view `site_visible_to` holds it for
 * members: their own sites and drafts; registered new-open and general sites that are not
 * hidden; hidden ones shared to a group they are in. An unregistered-site report (kind U) is
 * seen by its reporter alone. Admins see every site that is not another member's draft.
 */
export async function isVisibleTo({
  db,
  siteIdx,
  auth,
}: {
  db: DbOrTx;
  siteIdx: number;
  auth: AuthInfo;
}): Promise<boolean> {
  if (auth.isAdmin) return true;
  return siteVisibleToMember({ db, siteIdx, userIdx: auth.user.f_idx });
}

/** The refusal for a site the caller may not see: it does not exist, is deleted, or is hidden from them. */
export function siteUnavailable() {
  return ruleViolation(siteMessages.deletedOrHidden, { status: 404, data: { reason: 'site_unavailable' } });
}

/** The caller's relation to a site already read. */
export async function accessOf({
  db,
  site,
  auth,
}: {
  db: DbOrTx;
  site: SiteHead;
  auth: AuthInfo;
}): Promise<SiteAccess> {
  const userIdx = auth.user.f_idx;
  const inGroup =
    site.f_group_idx !== null && (await isGroupMember({ db, groupIdx: site.f_group_idx, userIdx }));
  return {
    site,
    owner: site.f_user_idx === userIdx,
    isGroupMember: inGroup,
    visible: await isVisibleTo({ db, siteIdx: site.f_idx, auth }),
    permissions: sitePermissions({ site, userIdx, isAdmin: auth.isAdmin, isGroupMember: inGroup }),
  };
}

/**
 * The site and the caller's relation to it. Sites that do not exist for the caller (missing,
 * another member's draft, deleted unless `allowDeleted`) are refused with the deleted-or-hidden notice.
 */
export async function siteAccess({
  db,
  auth,
  siteIdx,
  allowDeleted = false,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  siteIdx: number;
  allowDeleted?: boolean;
}): Promise<SiteAccess> {
  const site = await readSiteHead({ db, siteIdx });
  if (!site) throw siteUnavailable();
  requireExists({ site, auth, allowDeleted });
  return accessOf({ db, site, auth });
}

/** A deleted site, or another member's draft, does not exist for the caller. */
export function requireExists({
  site,
  auth,
  allowDeleted = false,
}: {
  site: SiteHead;
  auth: AuthInfo;
  allowDeleted?: boolean;
}): void {
  if (site.f_status === 'P' && site.f_user_idx !== auth.user.f_idx) throw siteUnavailable();
  if (site.f_status === 'D' && !allowDeleted) throw siteUnavailable();
}

/** Reads and marks of a member's own (detail, like, memo): the site must be visible to the caller. */
export function requireVisible(access: SiteAccess): void {
  if (!access.visible) throw siteUnavailable();
}

/**
 * Hide, show, extend, delete: the owner or an admin (spec §6: only the owner manages a site). A
 * site the caller may not see is refused as missing first, so no refusal hints that it exists.
 */
export function requireManage(access: SiteAccess): void {
  requireVisible(access);
  if (!access.permissions.manage) throw forbidden(siteMessages.notOwner);
}

/**
 * Edits (registration, units, sold-out marks): the owner, an admin, or a member of the group
 * the site is shared to. Someone outside that group gets -12 'not a group member' (spec §6);
 * someone who may not see the site, the deleted-or-hidden notice like a missing site.
 */
export function requireModify(access: SiteAccess): void {
  requireVisible(access);
  if (access.permissions.modify) return;
  if (access.site.f_group_idx !== null) throw notGroupMember(groupMessages.notGroupMember);
  throw forbidden(siteMessages.notOwner);
}

/**
 * Sold-out marks (the site or its units): new-open sites only; an unregistered-site report
 * never. A general site completed by older data may still be reopened.
 */
export function requireComplete({ access, completing }: { access: SiteAccess; completing: boolean }): void {
  requireVisible(access);
  if (access.site.f_site_type === 'U') throw ruleViolation(siteMessages.notCompletable);
  if (access.site.f_site_type !== 'O' && completing) throw ruleViolation(siteMessages.completeNewOpenOnly);
  requireModify(access);
}
