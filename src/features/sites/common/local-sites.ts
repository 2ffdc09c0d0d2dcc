import { slicePage } from '../../../../sync/api/page.ts';
import type { SiteDetail, SiteDetailHo } from '../../../../sync/api/site-detail.api.ts';
import type { SiteListItem, SitePage } from '../../../../sync/api/site-lists.api.ts';
import { Limits } from '../../../../sync/constants.ts';
import type { SiteRow } from '../../../../sync/site-fields.ts';
import { sitePermissions } from '../../../../sync/sites/detail.ts';
import { isLocalSiteIdx } from '../../../../sync/sites/local-site.ts';
import { type LocalDb, type LocalSite, localDb } from '../../../db/db.ts';
import { normalizeKeyword } from '../../../lib/format.ts';

/**
 * The site detail and lists read from the device's store (pulled by the sync engine: own,
 * group, liked and recently viewed sites, units inside `dongs`, memos, likes, recent views),
 * in the shapes the server answers with, so the screens work the same without a network.
 * Read-only: the sync engine is the only writer of these tables.
 */

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const yn = (v: unknown): 'Y' | 'N' => (v === 'Y' ? 'Y' : 'N');
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export function listItemOfLocal({
  site,
  liked,
  time,
}: {
  site: LocalSite;
  liked: boolean;
  time: string;
}): SiteListItem {
  return {
    f_idx: site.f_idx,
    f_name: site.f_name,
    f_site_type: site.f_site_type,
    f_address1: str(site.f_address1),
    f_address2: str(site.f_address2),
    f_status: site.f_status ?? 'N',
    f_hidden: yn(site.f_hidden),
    f_complete: yn(site.f_complete),
    f_user_idx: site.f_user_idx,
    f_group_idx: site.f_group_idx,
    f_remain_days_till_hide: site.f_remain_days_till_hide ?? null,
    f_reg_time: str(site.f_reg_time),
    f_update_time: site.f_update_time,
    f_transaction_type: str(site.f_transaction_type),
    f_sale_price_min: num(site.f_sale_price_min),
    f_sale_price_max: num(site.f_sale_price_max),
    f_collateral_price_min: num(site.f_collateral_price_min),
    f_collateral_price_max: num(site.f_collateral_price_max),
    f_charter_price_min: num(site.f_charter_price_min),
    f_charter_price_max: num(site.f_charter_price_max),
    f_invest_price_min: num(site.f_invest_price_min),
    f_invest_price_max: num(site.f_invest_price_max),
    f_monthly_deposit_min: num(site.f_monthly_deposit_min),
    f_monthly_deposit_max: num(site.f_monthly_deposit_max),
    f_monthly_rent_min: num(site.f_monthly_rent_min),
    f_monthly_rent_max: num(site.f_monthly_rent_max),
    f_site_inquire_sale: yn(site.f_site_inquire_sale),
    f_site_inquire_charter: yn(site.f_site_inquire_charter),
    f_site_inquire_invest: yn(site.f_site_inquire_invest),
    f_site_inquire_monthly: yn(site.f_site_inquire_monthly),
    f_like: liked ? 'Y' : 'N',
    f_image_url: list(site.f_image_urls)[0] ?? null,
    f_time: time,
  };
}

export type LocalListKind =
  | { kind: 'recent' }
  | { kind: 'like' }
  | { kind: 'mine'; siteType: 'A' | 'O' | 'G'; keyword: string }
  /** Every registered site on the device of one kind (the report tab offline). */
  | { kind: 'device'; siteType: 'O' | 'G'; keyword: string }
  | {
      kind: 'group';
      keyword: string;
      onlyNewOpen: boolean;
      /** One group only; null or absent for all of the member's groups. */
      groupIdx?: number | null;
      /** The member's groups as last seen online (src/features/groups/my-groups.ts), if ever. */
      known?: readonly number[] | null;
    };

function matches({ site, keyword }: { site: LocalSite; keyword: string }): boolean {
  const k = normalizeKeyword(keyword);
  if (k === '') return true;
  return (
    normalizeKeyword(site.f_name).includes(k) ||
    normalizeKeyword(`${str(site.f_address1)}${str(site.f_address2)}`).includes(k)
  );
}

/**
 * Which sites on the device the group sites tab lists. The pull carries sites, not
 * memberships: a site shared to a group is listed when the group is one of the member's as
 * last seen online, or when nothing else brought it here (not the member's own, liked or
 * viewed: a group joined since). A device that never saw the member's groups lists every
 * site shared to a group.
 */
async function groupSiteFilter({
  which,
  uid,
  liked,
  db,
}: {
  which: Extract<LocalListKind, { kind: 'group' }>;
  uid: number;
  liked: ReadonlyMap<number, string>;
  db: LocalDb;
}): Promise<(s: LocalSite) => boolean> {
  const known = which.known ? new Set(which.known) : null;
  const viewed = new Set((await db.recentViews.toArray()).map((v) => v.f_site_idx));
  const mine = (g: number, s: LocalSite) =>
    known === null || known.has(g) || (s.f_user_idx !== uid && !liked.has(s.f_idx) && !viewed.has(s.f_idx));
  return (s) =>
    s.f_group_idx !== null &&
    (which.groupIdx == null || s.f_group_idx === which.groupIdx) &&
    mine(s.f_group_idx, s) &&
    (!which.onlyNewOpen || s.f_site_type === 'O');
}

/** One page (50) of a list from the device's store, newest first, like the server's. */
export async function localSitePage({
  list: which,
  uid,
  page,
  db = localDb,
}: {
  list: LocalListKind;
  uid: number;
  page: number;
  db?: LocalDb;
}): Promise<SitePage> {
  const [sites, likes] = await Promise.all([db.sites.toArray(), db.likes.toArray()]);
  const liked = new Map(likes.map((l) => [l.f_site_idx, l.liked_at]));
  const byIdx = new Map(sites.map((s) => [s.f_idx, s]));
  const registered = (s: LocalSite | undefined): s is LocalSite =>
    s !== undefined && (s.f_status ?? 'N') === 'N';
  let rows: SiteListItem[];
  if (which.kind === 'recent') {
    const views = await db.recentViews.orderBy('viewed_at').reverse().toArray();
    rows = views
      .map((v) => ({ site: byIdx.get(v.f_site_idx), time: v.viewed_at }))
      .filter((r): r is { site: LocalSite; time: string } => registered(r.site))
      .map(({ site, time }) => listItemOfLocal({ site, liked: liked.has(site.f_idx), time }));
  } else if (which.kind === 'like') {
    rows = [...liked.entries()]
      .sort(([, a], [, b]) => b.localeCompare(a))
      .map(([idx, time]) => ({ site: byIdx.get(idx), time }))
      .filter((r): r is { site: LocalSite; time: string } => registered(r.site))
      .map(({ site, time }) => listItemOfLocal({ site, liked: true, time }));
  } else {
    const keep =
      which.kind === 'mine'
        ? (s: LocalSite) =>
            s.f_user_idx === uid && (which.siteType === 'A' || s.f_site_type === which.siteType)
        : which.kind === 'device'
          ? (s: LocalSite) => s.f_site_type === which.siteType
          : await groupSiteFilter({ which, uid, liked, db });
    rows = sites
      .filter((s) => registered(s) && keep(s) && matches({ site: s, keyword: which.keyword }))
      .map((site) =>
        listItemOfLocal({
          site,
          liked: liked.has(site.f_idx),
          time: which.kind === 'mine' ? str(site.f_reg_time) : site.f_update_time,
        }),
      )
      .sort((a, b) => b.f_time.localeCompare(a.f_time) || b.f_idx - a.f_idx);
  }
  return slicePage({ rows, page, limit: Limits.pageSize });
}

/**
 * The detail of a site on the device, or null when the device does not have it. Group
 * membership is not kept on the device, so offline only the owner and admins get the
 * owner's buttons.
 */
export async function localSiteDetail({
  siteIdx,
  uid,
  isAdmin,
  db = localDb,
}: {
  siteIdx: number;
  uid: number;
  isAdmin: boolean;
  db?: LocalDb;
}): Promise<SiteDetail | null> {
  const site = await db.sites.get(siteIdx);
  if (!site) return null;
  const [dongs, memo, like] = await Promise.all([
    db.dongs.where('f_site_idx').equals(siteIdx).toArray(),
    db.memos.get(siteIdx),
    db.likes.get(siteIdx),
  ]);
  const row = site as unknown as SiteRow;
  // A site registered here and not synced yet has no server index: nothing can act on it until it has.
  const permissions = isLocalSiteIdx(siteIdx)
    ? { modify: false, complete: false, report: false, manage: false, admin: false }
    : sitePermissions({ site, userIdx: uid, isAdmin, isGroupMember: false });
  const sorted = [...dongs].sort((a, b) => num(a.f_order) - num(b.f_order) || a.f_idx - b.f_idx);
  const { contacts, rooms, dongs: _draftDongs, version: _version, f_client_id: _clientId, ...columns } = row;
  return {
    common: {
      ...columns,
      f_inlay_image_url:
        columns.f_inlay_private !== 'Y' || permissions.modify ? list(columns.f_inlay_image_url) : [],
      f_image_urls: list(columns.f_image_urls),
      f_like: like ? 'Y' : 'N',
      f_can_manage: site.f_user_idx === uid ? 'Y' : 'N',
      f_group_name: null,
    },
    memo: memo?.memo ?? '',
    memo_images: memo?.memo_images ?? [],
    contact_list: Array.isArray(contacts) ? contacts : [],
    dong_list: sorted.map((d) => ({
      f_idx: d.f_idx,
      f_dong: str(d.f_dong),
      f_floor_count: num(d.f_floor_count),
      f_units_per_floor: num(d.f_units_per_floor),
      f_order: num(d.f_order),
    })),
    ho_list: sorted.flatMap((d) =>
      (Array.isArray(d.hos) ? d.hos : []).map((h) => ({ ...h, f_dong_idx: d.f_idx }) as SiteDetailHo),
    ),
    room_list: Array.isArray(rooms) ? rooms : [],
    recent_notify_info: null,
    isGroupMember: false,
    isHidden: site.f_hidden === 'Y',
    isDeleted: false,
    permissions,
  };
}
