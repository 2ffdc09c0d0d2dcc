import * as v from 'valibot';
import { Limits } from '../constants.ts';
import type { SiteDealPrices } from '../sites/rules.ts';

/**
 * The map search request as it travels (spec §7 searchSiteForMap_app): transaction types
 * already mapped T,C,I,M → 0-3, prices in 만원 (the sliders' values ×100), the keyword with
 * its spaces stripped. The screen's filter state becomes this through `toMapQuery`
 * (filter-state.ts); the server validates it with this schema and the offline search reads
 * the same object, so both sides search with one meaning.
 */

/** Spec §7: T sale/collateral, C charter, I investment, M monthly. */
export const TRANS_CODES = { T: 0, C: 1, I: 2, M: 3 } as const;
export type TransLetter = keyof typeof TRANS_CODES;
export type TransCode = (typeof TRANS_CODES)[TransLetter];

/** Fee types of spec §3 (T 매매, C 전세, I 투자, S 월세, O 기타). */
export const FEE_TYPES = ['T', 'C', 'I', 'S', 'O'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** Property types 0-6 (villa, officetel, apartment, city-living, townhouse, detached, neighbourhood facility). */
export const MAEMUL_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;

/** Below this zoom, or with more matches than MAX_PINS, the map gets counts per grid cell. */
export const MAP_CLUSTER_BELOW_ZOOM = 13;
export const MAP_MAX_PINS = 800;
/** Grid cell of a cluster, in screen pixels at the query's zoom. */
export const MAP_CLUSTER_CELL_PX = 80;
/** The radius tool's largest circle, km. */
export const MAP_MAX_RADIUS_KM = 20;
export const MAP_KEYWORD_MAX = 50;
/** Paging stops here: nobody scrolls 500 pages of a map list. */
export const MAP_MAX_OFFSET = 5000;

const yn = v.picklist(['Y', 'N'], 'must be Y or N');
const manwon = v.pipe(
  v.number('must be a number'),
  v.integer('must be an integer'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100_000_000, 'too large'),
);
const pyeong = v.pipe(
  v.number('must be a number'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(10_000),
);
const isoDay = v.pipe(
  v.string('must be a date'),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be YYYY-MM-DD'),
);
const latitude = v.pipe(v.number('must be a number'), v.minValue(-90), v.maxValue(90));
const longitude = v.pipe(v.number('must be a number'), v.minValue(-180), v.maxValue(180));

/** The keyword as searched: spaces stripped (spec §5), length capped. */
export function normalizeMapKeyword(text: string): string {
  return text.replace(/\s+/g, '');
}

export const mapKeyword = v.pipe(
  v.string('must be text'),
  v.transform(normalizeMapKeyword),
  v.maxLength(MAP_KEYWORD_MAX, 'keyword too long'),
);

export const mapBounds = v.pipe(
  v.object({ south: latitude, west: longitude, north: latitude, east: longitude }),
  v.check((b) => b.south <= b.north && b.west <= b.east, 'south must not exceed north, nor west east'),
);
export type MapBounds = v.InferOutput<typeof mapBounds>;

function ordered(min: keyof MapQueryShape, max: keyof MapQueryShape) {
  return v.forward(
    v.check<MapQueryShape, string>(
      (q) => {
        const lo = q[min];
        const hi = q[max];
        return typeof lo !== 'number' || typeof hi !== 'number' || lo <= hi;
      },
      `${String(min)} must not exceed ${String(max)}`,
    ),
    [min],
  );
}

const queryEntries = v.object({
  keyword: v.optional(mapKeyword, ''),
  /** Y: the keyword searches everywhere and the map follows the results; N: within the area. */
  use_keyword: v.optional(yn, 'N'),
  bounds: v.optional(mapBounds),
  /** Radius search: centre and radius in km (replaces the bounds). */
  lat: v.optional(latitude),
  lng: v.optional(longitude),
  radius: v.optional(
    v.pipe(v.number('must be a number'), v.minValue(0.01, 'radius too small'), v.maxValue(MAP_MAX_RADIUS_KM)),
  ),
  zoom_level: v.optional(v.pipe(v.number('must be a number'), v.minValue(0), v.maxValue(22)), 14.5),
  site_type: v.optional(v.picklist(['O', 'G'], 'must be O or G')),
  maemul_type: v.optional(
    v.pipe(v.array(v.picklist(MAEMUL_TYPES, 'must be a property type 0-6')), v.maxLength(7)),
  ),
  trans_type: v.optional(
    v.pipe(v.array(v.picklist([0, 1, 2, 3], 'must be a transaction type 0-3')), v.maxLength(4)),
  ),
  sale_min: v.optional(manwon),
  sale_max: v.optional(manwon),
  charter_min: v.optional(manwon),
  charter_max: v.optional(manwon),
  invest_min: v.optional(manwon),
  invest_max: v.optional(manwon),
  deposit_min: v.optional(manwon),
  deposit_max: v.optional(manwon),
  rent_min: v.optional(manwon),
  rent_max: v.optional(manwon),
  safe_charter: v.optional(yn, 'N'),
  smb: v.optional(yn, 'N'),
  show_site_inquire_only: v.optional(yn, 'N'),
  not_show_site_inquire: v.optional(yn, 'N'),
  /** Stored room encoding: 0 is one room, 1 is 1.5 rooms, n ≥ 2 is n rooms. */
  room_num: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Limits.maxRooms))),
  room_more: v.optional(yn, 'N'),
  toilet_num: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Limits.maxToilets))),
  toilet_more: v.optional(yn, 'N'),
  elevator: v.optional(yn),
  duplex: v.optional(yn, 'N'),
  teras: v.optional(yn, 'N'),
  /** E: the exclusive range applies, R: the real (supply) range; areas in 평. */
  area_type: v.optional(v.picklist(['E', 'R'], 'must be E or R')),
  exclusive_min: v.optional(pyeong),
  exclusive_max: v.optional(pyeong),
  real_min: v.optional(pyeong),
  real_max: v.optional(pyeong),
  fee_type: v.optional(
    v.pipe(v.array(v.picklist(FEE_TYPES, 'must be a fee type T,C,I,S,O')), v.maxLength(5)),
  ),
  /** Fees in 백만원, like the stored values. */
  fee_min: v.optional(manwon),
  fee_max: v.optional(manwon),
  /** Seoul calendar days, inclusive. */
  reg_date_from: v.optional(isoDay),
  reg_date_to: v.optional(isoDay),
  open_date_from: v.optional(isoDay),
  open_date_to: v.optional(isoDay),
  favorite: v.optional(yn, 'N'),
  /** S: prices of the site's advertised ranges; U: prices of its individual units. */
  sort_site: v.optional(v.picklist(['S', 'U'], 'must be S or U'), 'S'),
  /** PL/PH price low/high, CL/CH collateral low/high; none: newest first. */
  sort_price: v.optional(v.picklist(['PL', 'PH', 'CL', 'CH'], 'must be PL, PH, CL or CH')),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAP_MAX_OFFSET)), 0),
  /** N on the next pages of the list: pins and clusters are already drawn. */
  include_markers: v.optional(yn, 'Y'),
});

type MapQueryShape = v.InferOutput<typeof queryEntries>;

export const mapQuerySchema = v.pipe(
  queryEntries,
  ordered('sale_min', 'sale_max'),
  ordered('charter_min', 'charter_max'),
  ordered('invest_min', 'invest_max'),
  ordered('deposit_min', 'deposit_max'),
  ordered('rent_min', 'rent_max'),
  ordered('exclusive_min', 'exclusive_max'),
  ordered('real_min', 'real_max'),
  ordered('fee_min', 'fee_max'),
  v.forward(
    v.check(
      (q) => !q.reg_date_from || !q.reg_date_to || q.reg_date_from <= q.reg_date_to,
      'reg_date_from must not be after reg_date_to',
    ),
    ['reg_date_from'],
  ),
  v.forward(
    v.check(
      (q) => !q.open_date_from || !q.open_date_to || q.open_date_from <= q.open_date_to,
      'open_date_from must not be after open_date_to',
    ),
    ['open_date_from'],
  ),
  v.forward(
    v.check(
      (q) =>
        (q.lat === undefined) === (q.lng === undefined) && (q.lat === undefined) === (q.radius === undefined),
      'lat, lng and radius go together',
    ),
    ['radius'],
  ),
  v.forward(
    v.check(
      (q) => q.bounds !== undefined || q.radius !== undefined || (q.use_keyword === 'Y' && q.keyword !== ''),
      'bounds, a radius or a keyword with use_keyword Y is required',
    ),
    ['bounds'],
  ),
);

export type MapQuery = v.InferOutput<typeof mapQuerySchema>;
/** What a caller writes: every field with a default may be left out. */
export type MapQueryInput = v.InferInput<typeof mapQuerySchema>;

/** One row of the map list. Completed sites come with their prices masked (0). */
export interface MapSite extends SiteDealPrices {
  f_idx: number;
  f_name: string;
  f_site_type: 'O' | 'G';
  f_address1: string;
  f_address2: string;
  f_latitude: number;
  f_longitude: number;
  f_maemul_type: string;
  f_complete: 'Y' | 'N';
  f_like: 'Y' | 'N';
  f_open_date: string | null;
  f_reg_time: string;
  /** The price the list is sorted by (만원), when a price sort is chosen and the site has one. */
  sort_value: number | null;
}

/**
 * [site idx, lat, lng, site type, completed, headline price in 만원 or null] — compact because a
 * viewport may hold hundreds. The price is the pin's label (`pinPriceOf`).
 */
export type MapPin = [number, number, number, 'O' | 'G', 'Y' | 'N', number | null];

/**
 * The price a single-site pin is labelled with, as Korean map apps do: the lowest sale price,
 * else charter, investment, then monthly deposit; none for a sold-out site (its prices are
 * masked) or one whose prices are all on inquiry (stored as 0). The SQL search writes the same
 * rule (server/map/map.sql.ts `pinPriceSql`); the parity test holds them together.
 */
export const PIN_PRICE_FIELDS = [
  'f_sale_price_min',
  'f_charter_price_min',
  'f_invest_price_min',
  'f_monthly_deposit_min',
] as const;

export function pinPriceOf(site: Record<string, unknown>): number | null {
  return pinPriceBy((f) => site[f]);
}

/** `pinPriceOf` for a site held in any shape: `get` reads one of its fields. */
export function pinPriceBy(
  get: (f: 'f_complete' | (typeof PIN_PRICE_FIELDS)[number]) => unknown,
): number | null {
  if (get('f_complete') === 'Y') return null;
  for (const f of PIN_PRICE_FIELDS) {
    const v = get(f);
    if (typeof v === 'number' && v > 0) return v;
  }
  return null;
}

export interface MapCluster {
  /** Grid cell "row:col" at the query's zoom: stable while panning at one zoom. */
  key: string;
  lat: number;
  lng: number;
  count: number;
}

export interface MapSearchResult {
  list: MapSite[];
  count: number;
  offset: number;
  mode: 'pins' | 'clusters';
  pins: MapPin[];
  clusters: MapCluster[];
}
