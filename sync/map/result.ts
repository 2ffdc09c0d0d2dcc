import { Limits } from '../constants.ts';
import { type CompiledSearch, clusterCellDegrees } from './filter.ts';
import {
  MAP_CLUSTER_BELOW_ZOOM,
  MAP_CLUSTER_CELL_PX,
  MAP_MAX_PINS,
  type MapCluster,
  type MapPin,
  type MapQuery,
  type MapSearchResult,
  type MapSite,
} from './query.ts';

/** What either search finds for one matching site before the page is filled in. */
export interface MapMatch {
  idx: number;
  lat: number;
  lng: number;
  type: 'O' | 'G';
  complete: 'Y' | 'N';
  regTime: string;
  sortValue: number | null;
}

/** The list order: the sort value (nulls last either way), then newest registration, then highest idx. */
export function compareMatches(dir: 'asc' | 'desc' | null): (a: MapMatch, b: MapMatch) => number {
  return (a, b) => {
    if (dir) {
      if (a.sortValue !== b.sortValue) {
        if (a.sortValue === null) return 1;
        if (b.sortValue === null) return -1;
        return dir === 'asc' ? a.sortValue - b.sortValue : b.sortValue - a.sortValue;
      }
    }
    if (a.regTime !== b.regTime) return a.regTime < b.regTime ? 1 : -1;
    return b.idx - a.idx;
  };
}

function clustersOf(matches: readonly MapMatch[], zoom: number): MapCluster[] {
  const cell = clusterCellDegrees(zoom, MAP_CLUSTER_CELL_PX);
  const cells = new Map<string, { lat: number; lng: number; count: number }>();
  // Summed in idx order so the server and the offline search place a cluster identically.
  for (const m of [...matches].sort((a, b) => a.idx - b.idx)) {
    const key = `${Math.floor(m.lat / cell)}:${Math.floor(m.lng / cell)}`;
    const c = cells.get(key);
    if (c) {
      c.lat += m.lat;
      c.lng += m.lng;
      c.count++;
    } else cells.set(key, { lat: m.lat, lng: m.lng, count: 1 });
  }
  return [...cells.entries()]
    .map(([key, c]) => ({ key, lat: c.lat / c.count, lng: c.lng / c.count, count: c.count }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Count, order, page and markers from the matches, the same on the server and offline.
 * Returns the ids of the page in order; the caller fills in their rows.
 */
export function arrangeMatches({
  matches,
  search,
  query,
}: {
  matches: MapMatch[];
  search: CompiledSearch;
  query: Pick<MapQuery, 'offset' | 'include_markers'>;
}): Omit<MapSearchResult, 'list'> & { page: MapMatch[] } {
  const count = matches.length;
  const mode = search.zoom < MAP_CLUSTER_BELOW_ZOOM || count > MAP_MAX_PINS ? 'clusters' : 'pins';
  const markers = query.include_markers !== 'N';
  const pins: MapPin[] =
    markers && mode === 'pins'
      ? [...matches].sort((a, b) => a.idx - b.idx).map((m) => [m.idx, m.lat, m.lng, m.type, m.complete])
      : [];
  const clusters = markers && mode === 'clusters' ? clustersOf(matches, search.zoom) : [];
  const sorted = matches.sort(compareMatches(search.sort?.dir ?? null));
  const page = sorted.slice(query.offset, query.offset + Limits.mapPageSize);
  return { count, offset: query.offset, mode, pins, clusters, page };
}

type Row = Readonly<Record<string, unknown>>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const flag = (v: unknown): 'Y' | 'N' => (v === 'Y' ? 'Y' : 'N');

/** One list row from a stored site row. A completed site's prices are masked (spec §4 Visibility). */
export function toMapSite({
  site,
  liked,
  sortValue,
}: {
  site: Row;
  liked: boolean;
  sortValue: number | null;
}): MapSite {
  const completed = site.f_complete === 'Y';
  const price = (field: string) => (completed ? 0 : num(site[field]));
  return {
    f_idx: num(site.f_idx),
    f_name: text(site.f_name),
    f_site_type: site.f_site_type === 'G' ? 'G' : 'O',
    f_address1: text(site.f_address1),
    f_address2: text(site.f_address2),
    f_latitude: num(site.f_latitude),
    f_longitude: num(site.f_longitude),
    f_maemul_type: text(site.f_maemul_type),
    f_transaction_type: text(site.f_transaction_type),
    f_sale_price_min: price('f_sale_price_min'),
    f_sale_price_max: price('f_sale_price_max'),
    f_collateral_price_min: price('f_collateral_price_min'),
    f_collateral_price_max: price('f_collateral_price_max'),
    f_charter_price_min: price('f_charter_price_min'),
    f_charter_price_max: price('f_charter_price_max'),
    f_invest_price_min: price('f_invest_price_min'),
    f_invest_price_max: price('f_invest_price_max'),
    f_monthly_deposit_min: price('f_monthly_deposit_min'),
    f_monthly_deposit_max: price('f_monthly_deposit_max'),
    f_monthly_rent_min: price('f_monthly_rent_min'),
    f_monthly_rent_max: price('f_monthly_rent_max'),
    f_site_inquire_sale: flag(site.f_site_inquire_sale),
    f_site_inquire_charter: flag(site.f_site_inquire_charter),
    f_site_inquire_invest: flag(site.f_site_inquire_invest),
    f_site_inquire_monthly: flag(site.f_site_inquire_monthly),
    f_complete: flag(site.f_complete),
    f_like: liked ? 'Y' : 'N',
    f_open_date: typeof site.f_open_date === 'string' ? site.f_open_date : null,
    f_reg_time: text(site.f_reg_time),
    sort_value: completed ? null : sortValue,
  };
}

/** Columns the list rows are built from (the server selects exactly these). */
export const MAP_SITE_COLUMNS = [
  'f_idx',
  'f_name',
  'f_site_type',
  'f_address1',
  'f_address2',
  'f_latitude',
  'f_longitude',
  'f_maemul_type',
  'f_transaction_type',
  'f_sale_price_min',
  'f_sale_price_max',
  'f_collateral_price_min',
  'f_collateral_price_max',
  'f_charter_price_min',
  'f_charter_price_max',
  'f_invest_price_min',
  'f_invest_price_max',
  'f_monthly_deposit_min',
  'f_monthly_deposit_max',
  'f_monthly_rent_min',
  'f_monthly_rent_max',
  'f_site_inquire_sale',
  'f_site_inquire_charter',
  'f_site_inquire_invest',
  'f_site_inquire_monthly',
  'f_complete',
  'f_open_date',
  'f_reg_time',
] as const;
