import {
  type Ad,
  HOME_NEW_SITES,
  type HomeData,
  type HomeSetting,
  type InterestSites,
} from '../../sync/api/home.api.ts';
import type { AdminAd } from '../../sync/api/home-admin.api.ts';
import type { SiteListItem, SitePage } from '../../sync/api/site-lists.api.ts';
import type { AuthInfo } from '../auth/session.ts';
import { DAY_MS } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import type { AuthedContext } from '../http/context.ts';
import { readPublicSettings, readSettings } from '../settings/settings.repository.ts';
import { countMonthlySites, likedDistrictCodes, monthlySitesPage, readAds } from './home.repository.ts';
import type { AdRow } from './home.tables.ts';

/**
 * The home feed (spec §2 Home, §7 getHomeData, interestSiteList): the home setting, the ads
 * showing now and the month's new sites in the member's regional interest. The admin side of
 * the same settings is in home-admin.service.ts.
 */

/** The home setting as stored in app_settings, with the app settings the home shows beside it. */
export async function readHomeSetting({ db }: { db: DbOrTx }): Promise<HomeSetting> {
  const [s, app] = await Promise.all([readSettings({ db }), readPublicSettings({ db })]);
  const linkType = s.home_link_type ?? '';
  return {
    f_home_title: app.home_title,
    f_home_search_hint: app.search_hint,
    f_home_content_type: s.home_content_type === 'I' ? 'I' : 'T',
    f_home_content: s.home_content ?? '',
    f_home_link_type: linkType === 'S' || linkType === 'C' || linkType === 'L' ? linkType : '',
    f_home_link_data: s.home_link_data ?? '',
    f_ads_duration_sec: app.ads_duration_sec,
    f_ads_mode: app.ads_mode,
  };
}

function endOf(row: AdRow): Date | null {
  if (!row.f_start_time || row.f_period_day <= 0) return null;
  return new Date(new Date(row.f_start_time).getTime() + row.f_period_day * DAY_MS);
}

/** A slot shows while it has an image and its period runs. */
export function isShowing({ row, now }: { row: AdRow; now: Date }): boolean {
  const end = endOf(row);
  return row.f_image_url !== '' && end !== null && end > now;
}

export function toAd(row: AdRow): Ad {
  return {
    f_idx: row.f_idx,
    f_image_url: row.f_image_url,
    f_connect_type: row.f_connect_type,
    f_connect_value: row.f_connect_value,
    f_period_day: row.f_period_day,
    f_end_time: endOf(row)?.toISOString() ?? null,
  };
}

export function toAdminAd({ row, now }: { row: AdRow; now: Date }): AdminAd {
  return { ...toAd(row), f_start_time: row.f_start_time, showing: isShowing({ row, now }) };
}

/** YYYY-MM of an instant in Seoul time (UTC+9 all year). */
export function seoulMonth(now: Date): string {
  return new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/** The UTC instants a Seoul month starts and ends at. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    from: new Date(`${month}-01T00:00:00+09:00`).toISOString(),
    to: new Date(`${next}-01T00:00:00+09:00`).toISOString(),
  };
}

/** The member's districts, or null when they chose none (then every district counts). */
async function interestCodes({ db, auth }: { db: DbOrTx; auth: AuthInfo }): Promise<string[] | null> {
  const codes = await likedDistrictCodes({ db, userIdx: auth.user.f_idx });
  return codes.length > 0 ? codes : null;
}

/**
 * The month's new sites in the member's regions: the counts of each kind, and the newest of both
 * kinds (the home's cards), newest first.
 */
async function monthSites({
  ctx,
  month,
}: {
  ctx: AuthedContext;
  month: string;
}): Promise<{ counts: InterestSites; newest: SiteListItem[] }> {
  const codes = await interestCodes({ db: ctx.db, auth: ctx.auth });
  const range = monthRange(month);
  const which = (type: 'O' | 'G') => ({ db: ctx.db, type, ...range, codes, auth: ctx.auth });
  const newestOf = (type: 'O' | 'G') => monthlySitesPage({ ...which(type), page: 1, limit: HOME_NEW_SITES });
  const [newOpen, general, newOpenSites, generalSites] = await Promise.all([
    countMonthlySites(which('O')),
    countMonthlySites(which('G')),
    newestOf('O'),
    newestOf('G'),
  ]);
  const newest = [...newOpenSites.list, ...generalSites.list]
    .sort((a, b) => b.f_reg_time.localeCompare(a.f_reg_time) || b.f_idx - a.f_idx)
    .slice(0, HOME_NEW_SITES);
  return {
    counts: { month, new_open_count: newOpen, general_count: general, by_area: codes !== null },
    newest,
  };
}

export async function homeData({ ctx }: { ctx: AuthedContext }): Promise<HomeData> {
  const now = ctx.clock.now();
  const [homeSetting, rows, month] = await Promise.all([
    readHomeSetting({ db: ctx.db }),
    readAds({ db: ctx.db }),
    monthSites({ ctx, month: seoulMonth(now) }),
  ]);
  return {
    home_setting: homeSetting,
    ads: rows.filter((row) => isShowing({ row, now })).map(toAd),
    interest_sites: month.counts,
    new_sites: month.newest,
  };
}

/** Spec §7 interestSiteList: one month's new sites of a kind in the member's regions, newest first. */
export async function interestSiteList({
  ctx,
  type,
  month,
  page,
}: {
  ctx: AuthedContext;
  type: 'O' | 'G';
  month: string;
  page: number;
}): Promise<SitePage & { by_area: boolean }> {
  const codes = await interestCodes({ db: ctx.db, auth: ctx.auth });
  const result = await monthlySitesPage({
    db: ctx.db,
    type,
    ...monthRange(month),
    codes,
    auth: ctx.auth,
    page,
  });
  return { ...result, by_area: codes !== null };
}
