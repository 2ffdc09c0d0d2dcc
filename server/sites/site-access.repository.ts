import { type RawBuilder, sql } from 'kysely';
import type { AuthInfo } from '../auth/session.ts';
import type { DbOrTx } from '../db/database.ts';
import { runStatement } from '../db/statements.ts';

/**
 * The reads behind every site access rule (site-access.ts): a site's state and whether a member
 * may see it, on the caller's connection or transaction.
 */

/** A site's state: what every access rule reads. */
export interface SiteHead {
  f_idx: number;
  f_user_idx: number;
  f_group_idx: number | null;
  f_status: 'N' | 'P' | 'D';
  f_site_type: 'O' | 'G' | 'U';
  f_hidden: 'Y' | 'N';
  f_complete: 'Y' | 'N';
  f_remain_days_till_hide: number | null;
  /** The device's draft id the site was made from, if any. */
  f_client_id: string | null;
  f_temp_step: number;
}

const HEAD = `SELECT f_idx, f_user_idx, f_group_idx, f_status, f_site_type, f_hidden, f_complete,
  f_remain_days_till_hide, f_client_id, f_temp_step FROM sites`;

export async function readSiteHead({
  db,
  siteIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
}): Promise<SiteHead | null> {
  const { rows } = await runStatement<SiteHead>({ db, sql: `${HEAD} WHERE f_idx = ?`, params: [siteIdx] });
  return rows[0] ?? null;
}

/** The site made from a device's draft id (a repeated or first push knows no site_idx yet). */
export async function readSiteHeadByClientId({
  db,
  clientId,
}: {
  db: DbOrTx;
  clientId: string;
}): Promise<SiteHead | null> {
  const { rows } = await runStatement<SiteHead>({
    db,
    sql: `${HEAD} WHERE f_client_id = ?`,
    params: [clientId],
  });
  return rows[0] ?? null;
}

/** The site's name ('' when there is no such site). */
export async function siteNameOf({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<string> {
  const { rows } = await runStatement<{ f_name: string }>({
    db,
    sql: 'SELECT f_name FROM sites WHERE f_idx = ?',
    params: [siteIdx],
  });
  return rows[0]?.f_name ?? '';
}

/** Whether the view `site_visible_to` (migrations/0010) lets the member see the site. */
export async function siteVisibleToMember({
  db,
  siteIdx,
  userIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  userIdx: number;
}): Promise<boolean> {
  const { rows } = await runStatement({
    db,
    sql: 'SELECT 1 AS one FROM site_visible_to WHERE f_site_idx = ? AND f_user_idx = ?',
    params: [siteIdx, userIdx],
  });
  return rows.length > 0;
}

/**
 * The visibility rule (site-access.ts `isVisibleTo`) as a condition on sites `s` of a list
 * query, for `auth`: admins see every site the query lists.
 */
export function visibleSitesOf(auth: AuthInfo): RawBuilder<unknown> {
  return auth.isAdmin
    ? sql``
    : sql`AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = ${auth.user.f_idx})`;
}
