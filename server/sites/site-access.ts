import type { Kysely, Transaction } from 'kysely';
import { type SitePermissions, sitePermissions } from '../../sync/sites/detail.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { Database } from '../db/schema.ts';
import { forbidden, notGroupMember, ruleViolation } from '../http/errors.ts';
import { siteMessages } from './detail.messages.ts';

/**
 * Who may do what on a site (spec §6), for every site operation of the detail, the lists and
 * visibility. The rules themselves are sync/sites/detail.ts `sitePermissions`, which the
 * screens also use to decide which buttons to show.
 */

export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface SiteHead {
  f_idx: number;
  f_user_idx: number;
  f_group_idx: number | null;
  f_status: 'N' | 'P' | 'D';
  f_site_type: 'O' | 'G' | 'U';
  f_hidden: 'Y' | 'N';
  f_complete: 'Y' | 'N';
  f_remain_days_till_hide: number | null;
}

export interface SiteAccess {
  site: SiteHead;
  owner: boolean;
  isGroupMember: boolean;
  permissions: SitePermissions;
}

export async function readSiteHead({
  db,
  siteIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
}): Promise<SiteHead | null> {
  return (
    (await db
      .selectFrom('sites')
      .select([
        'f_idx',
        'f_user_idx',
        'f_group_idx',
        'f_status',
        'f_site_type',
        'f_hidden',
        'f_complete',
        'f_remain_days_till_hide',
      ])
      .where('f_idx', '=', siteIdx)
      .executeTakeFirst()) ?? null
  );
}

export async function isMemberOfGroup({
  db,
  groupIdx,
  userIdx,
}: {
  db: DbOrTx;
  groupIdx: number;
  userIdx: number;
}): Promise<boolean> {
  const row = await db
    .selectFrom('group_members')
    .select('f_user_idx')
    .where('f_group_idx', '=', groupIdx)
    .where('f_user_idx', '=', userIdx)
    .executeTakeFirst();
  return row !== undefined;
}

/** The refusal for a site the caller may not see: it does not exist, is deleted, or is hidden from them. */
export function siteUnavailable() {
  return ruleViolation(siteMessages.deletedOrHidden, { status: 404, data: { reason: 'site_unavailable' } });
}

/**
 * The site and the caller's relation to it. Sites that do not exist for the caller (missing,
 * another member's draft, deleted unless `allowDeleted`) are refused with the deleted-or-hidden notice.
 */
export async function siteAccess({
  db,
  siteIdx,
  auth,
  allowDeleted = false,
}: {
  db: DbOrTx;
  siteIdx: number;
  auth: AuthInfo;
  allowDeleted?: boolean;
}): Promise<SiteAccess> {
  const site = await readSiteHead({ db, siteIdx });
  const userIdx = auth.user.f_idx;
  if (!site) throw siteUnavailable();
  if (site.f_status === 'P' && site.f_user_idx !== userIdx) throw siteUnavailable();
  if (site.f_status === 'D' && !allowDeleted) throw siteUnavailable();
  const isGroupMember =
    site.f_group_idx !== null && (await isMemberOfGroup({ db, groupIdx: site.f_group_idx, userIdx }));
  return {
    site,
    owner: site.f_user_idx === userIdx,
    isGroupMember,
    permissions: sitePermissions({ site, userIdx, isAdmin: auth.isAdmin, isGroupMember }),
  };
}

/** Hide, show, extend, delete: the owner or an admin (spec §6: only the owner manages a site). */
export function requireManage(access: SiteAccess): void {
  if (!access.permissions.manage) throw forbidden(siteMessages.notOwner);
}

/**
 * Sold-out marks (site or units): new-open sites only; the owner, an admin or a member of the
 * site's group. Someone outside the group gets -12 'not a group member' (spec §6).
 */
export function requireComplete(access: SiteAccess): void {
  if (access.site.f_site_type !== 'O') throw ruleViolation(siteMessages.completeNewOpenOnly);
  if (access.permissions.complete) return;
  if (access.site.f_group_idx !== null) throw notGroupMember(siteMessages.notGroupMember);
  throw forbidden(siteMessages.notOwner);
}
