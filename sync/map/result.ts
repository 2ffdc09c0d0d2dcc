import { Limits } from '../constants.ts';
import { type CompiledSearch, cellRowCol, clusterLevel, gridCell } from './filter.ts';
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
  /** The pin's label (query.ts `pinPriceOf`). */
  price: number | null;
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

/**
 * Matches counted per grid cell, with the sums that place a cluster at their centre. The
 * sums are of whole micro-degrees (`microDegrees`), so they come out the same in any order.
 */
export interface CellStat {
  cell: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

/** Degrees to whole micro-degrees; server/map/map.sql.ts computes `floor(x * 1000000 + 0.5)` alike. */
export function microDegrees(x: number): number {
  return Math.floor(x * 1_000_000 + 0.5);
}

export function cellStatsOf(matches: readonly MapMatch[]): CellStat[] {
  const cells = new Map<number, CellStat>();
  for (const m of matches) {
    const cell = gridCell(m.lat, m.lng);
    const c = cells.get(cell);
    if (c) {
      c.count++;
      c.sumLat += microDegrees(m.lat);
      c.sumLng += microDegrees(m.lng);
    } else cells.set(cell, { cell, count: 1, sumLat: microDegrees(m.lat), sumLng: microDegrees(m.lng) });
  }
  return [...cells.values()];
}

function clustersOf(cells: readonly CellStat[], zoom: number): MapCluster[] {
  const level = clusterLevel(zoom, MAP_CLUSTER_CELL_PX);
  const merged = new Map<string, { row: number; col: number; lat: number; lng: number; count: number }>();
  for (const c of cells) {
    const { row, col } = cellRowCol(c.cell);
    const key = `${row >> level}:${col >> level}`;
    const m = merged.get(key);
    if (m) {
      m.lat += c.sumLat;
      m.lng += c.sumLng;
      m.count += c.count;
    } else
      merged.set(key, { row: row >> level, col: col >> level, lat: c.sumLat, lng: c.sumLng, count: c.count });
  }
  return [...merged.entries()]
    .sort(([, a], [, b]) => a.row - b.row || a.col - b.col)
    .map(([key, m]) => ({
      key,
      lat: Math.round(m.lat / m.count) / 1_000_000,
      lng: Math.round(m.lng / m.count) / 1_000_000,
      count: m.count,
    }));
}

/**
 * Count, order, page and markers, the same on the server and offline. `cells` counts every
 * match; `candidates` holds every match that can reach the page (all of them in pins mode).
 */
export function arrangeMatches({
  cells,
  candidates,
  search,
  query,
}: {
  cells: readonly CellStat[];
  candidates: MapMatch[];
  search: CompiledSearch;
  query: Pick<MapQuery, 'offset' | 'include_markers'>;
}): Omit<MapSearchResult, 'list'> & { page: MapMatch[] } {
  const count = cells.reduce((n, c) => n + c.count, 0);
  const mode = pinsOrClusters({ zoom: search.zoom, count });
  const markers = query.include_markers !== 'N';
  const pins: MapPin[] =
    markers && mode === 'pins'
      ? [...candidates]
          .sort((a, b) => a.idx - b.idx)
          .map((m) => [m.idx, m.lat, m.lng, m.type, m.complete, m.price])
      : [];
  const clusters = markers && mode === 'clusters' ? clustersOf(cells, search.zoom) : [];
  const page = candidates
    .sort(compareMatches(search.sort?.dir ?? null))
    .slice(query.offset, query.offset + Limits.mapPageSize);
  return { count, offset: query.offset, mode, pins, clusters, page };
}

export function pinsOrClusters({ zoom, count }: { zoom: number; count: number }): 'pins' | 'clusters' {
  return zoom < MAP_CLUSTER_BELOW_ZOOM || count > MAP_MAX_PINS ? 'clusters' : 'pins';
}

/**
 * For a large result, which rows can still reach the page. Given each cell's best sort key
 * (newest registration, or lowest/highest price), the `need`-th best of those is a bound:
 * `need` cells each hold a row at least that good, so every row of the page is at least that
 * good too. Null when there are too few cells with a key to say.
 */
export function pageBound({
  bests,
  dir,
  need,
}: {
  bests: ReadonlyArray<{ cell: number; best: string | number | null }>;
  dir: 'asc' | 'desc' | null;
  need: number;
}): { cells: number[]; op: '>=' | '<='; value: string | number } | null {
  const keyed = bests.filter((b): b is { cell: number; best: string | number } => b.best !== null);
  if (keyed.length < need) return null;
  const op = dir === 'asc' ? '<=' : '>=';
  const better = (a: string | number, b: string | number) => (op === '<=' ? a < b : a > b);
  const sorted = keyed.map((b) => b.best).sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const value = sorted[need - 1] as string | number;
  return {
    cells: keyed.filter((b) => b.best === value || better(b.best, value)).map((b) => b.cell),
    op,
    value,
  };
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
