import { type RawBuilder, sql } from 'kysely';
import type { SiteListItem, SitePage } from '../../sync/api/site-lists.api.ts';
import { Limits } from '../../sync/constants.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { DbOrTx } from '../db/database.ts';
import { jsonText } from '../db/json.ts';
import { containsKeyword } from '../db/keyword.ts';
import { sqlPage } from '../db/paging.ts';
import { visibleSitesOf } from './site-access.repository.ts';

/** The columns of a list row (sync/api/site-lists.api.ts SiteListItem), from sites `s`. */
function itemColumns(db: DbOrTx): RawBuilder<unknown> {
  return sql`${columns}, ${jsonText({ db, json: sql`s.f_image_urls`, path: [0] })} AS f_image_url`;
}

const columns = sql.raw(`s.f_idx, s.f_name, s.f_site_type, s.f_address1, s.f_address2, s.f_status,
  s.f_hidden, s.f_complete, s.f_user_idx, s.f_group_idx, s.f_remain_days_till_hide, s.f_reg_time,
  s.f_update_time, s.f_transaction_type, s.f_sale_price_min, s.f_sale_price_max, s.f_collateral_price_min,
  s.f_collateral_price_max, s.f_charter_price_min, s.f_charter_price_max, s.f_invest_price_min,
  s.f_invest_price_max, s.f_monthly_deposit_min, s.f_monthly_deposit_max, s.f_monthly_rent_min,
  s.f_monthly_rent_max, s.f_site_inquire_sale, s.f_site_inquire_charter, s.f_site_inquire_invest,
  s.f_site_inquire_monthly`);

/** Keyword match on name or address, spaces ignored on both sides (the keyword arrives without them). */
export function keywordFilter({ db, keyword }: { db: DbOrTx; keyword: string }): RawBuilder<unknown> {
  if (keyword === '') return sql``;
  return sql`AND (${containsKeyword({ db, text: sql`REPLACE(s.f_name, ' ', '')`, keyword })}
    OR ${containsKeyword({ db, text: sql`REPLACE(s.f_address1 || s.f_address2, ' ', '')`, keyword })})`;
}

/** A list row's columns with its list time and whether the caller likes the site. */
function itemSelect({
  db,
  userIdx,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  time: RawBuilder<unknown>;
}): RawBuilder<unknown> {
  return sql`${itemColumns(db)}, ${time} AS f_time,
    CASE WHEN EXISTS (SELECT 1 FROM site_likes lk WHERE lk.f_user_idx = ${userIdx} AND lk.f_site_idx = s.f_idx)
      THEN 'Y' ELSE 'N' END AS f_like`;
}

/**
 * One page (50, spec §9) of sites. `from` starts with FROM, names the sites `s` and has the
 * WHERE; `time` is the row's list time (viewed, liked or updated) and the order, newest first.
 */
export function sitePage({
  db,
  userIdx,
  from,
  time,
  page,
  limit = Limits.pageSize,
}: {
  db: DbOrTx;
  userIdx: number;
  from: RawBuilder<unknown>;
  time: RawBuilder<unknown>;
  page: number;
  /** Rows a page; spec §9's 50 unless a screen shows fewer (the home's cards). */
  limit?: number;
}): Promise<SitePage> {
  return sqlPage<SiteListItem>({
    db,
    select: itemSelect({ db, userIdx, time }),
    from,
    orderBy: sql`f_time DESC, s.f_idx DESC`,
    page,
    limit,
  });
}

/** The member's own registered sites of a kind ('A' every kind), matching the keyword, newest registered first. */
export function mySitesPage({
  db,
  userIdx,
  siteType,
  keyword,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  siteType: 'A' | 'O' | 'G';
  keyword: string;
  page: number;
}): Promise<SitePage> {
  const type = siteType === 'A' ? sql`` : sql`AND s.f_site_type = ${siteType}`;
  return sitePage({
    db,
    userIdx,
    from: sql`FROM sites s WHERE s.f_user_idx = ${userIdx} AND s.f_status = 'N' ${type} ${keywordFilter({ db, keyword })}`,
    time: sql`s.f_reg_time`,
    page,
  });
}

/** The registered sites the member viewed and may still see, last viewed first. */
export function recentSitesPage({
  db,
  auth,
  page,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  page: number;
}): Promise<SitePage> {
  const userIdx = auth.user.f_idx;
  return sitePage({
    db,
    userIdx,
    from: sql`FROM site_recent_views r JOIN sites s ON s.f_idx = r.f_site_idx
      WHERE r.f_user_idx = ${userIdx} AND s.f_status = 'N'
      ${visibleSitesOf(auth)}`,
    time: sql`r.f_view_time`,
    page,
  });
}

/** The registered sites the member likes and may still see, last liked first. */
export function likedSitesPage({
  db,
  auth,
  page,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  page: number;
}): Promise<SitePage> {
  const userIdx = auth.user.f_idx;
  return sitePage({
    db,
    userIdx,
    from: sql`FROM site_likes l JOIN sites s ON s.f_idx = l.f_site_idx
      WHERE l.f_user_idx = ${userIdx} AND s.f_status = 'N'
      ${visibleSitesOf(auth)}`,
    time: sql`l.f_reg_time`,
    page,
  });
}

/** Registered sites shared to any of the groups (new-open ones only when asked), last updated first. */
export function groupSitesPage({
  db,
  userIdx,
  groupIdxs,
  keyword,
  onlyNewOpen,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  groupIdxs: readonly number[];
  keyword: string;
  onlyNewOpen: boolean;
  page: number;
}): Promise<SitePage> {
  const kind = onlyNewOpen ? sql`AND s.f_site_type = 'O'` : sql``;
  return sitePage({
    db,
    userIdx,
    from: sql`FROM sites s WHERE s.f_group_idx IN (${sql.join([...groupIdxs])}) AND s.f_status = 'N' ${kind}
      ${keywordFilter({ db, keyword })}`,
    time: sql`s.f_update_time`,
    page,
  });
}

/** The list rows of sites already chosen (a page another query picked), in no particular order. */
export async function siteListItems({
  db,
  userIdx,
  ids,
}: {
  db: DbOrTx;
  userIdx: number;
  ids: number[];
}): Promise<SiteListItem[]> {
  if (ids.length === 0) return [];
  const rows = await sql<SiteListItem>`SELECT ${itemSelect({ db, userIdx, time: sql`s.f_update_time` })}
    FROM sites s WHERE s.f_idx IN (${sql.join(ids)})`.execute(db);
  return rows.rows;
}

/** The caller's visible general sites at 5 days or fewer before auto-hide (spec §4 warning). */
export async function nearExpireCount({
  db,
  userIdx,
  warnDays,
}: {
  db: DbOrTx;
  userIdx: number;
  warnDays: number;
}): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f_user_idx', '=', userIdx)
    .where('f_status', '=', 'N')
    .where('f_site_type', '=', 'G')
    .where('f_hidden', '=', 'N')
    .where('f_remain_days_till_hide', '<=', warnDays)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
