import type { FeeType, MapBounds, MapQuery, TransCode } from './query.ts';

/**
 * The one meaning of every map filter and sort (spec §3 Map filter, §9 sort options),
 * written as data. `compileMapQuery` turns a request into clauses over a site's stored
 * columns and a few summaries of its area types and units (`deriveSummary`); the server
 * translates the clauses into SQL (server/map/map.sql.ts) over the map_sites table that
 * migration 0005 keeps, and the offline search evaluates them in JavaScript (evaluate.ts)
 * over IndexedDB rows. Neither side decides what a filter means.
 */

export const SITE_FIELDS = [
  'f_idx',
  'f_status',
  'f_hidden',
  'f_site_type',
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
  'f_safe_charter',
  'f_smb',
  'f_site_inquire_sale',
  'f_site_inquire_charter',
  'f_site_inquire_invest',
  'f_site_inquire_monthly',
  'f_room_num',
  'f_toilet_num',
  'f_elevator',
  'f_duplex',
  'f_teras',
  'f_fee_type',
  'f_fee_t',
  'f_fee_c',
  'f_fee_i',
  'f_fee_s',
  'f_fee_o',
  'f_fee_site_inquire_t',
  'f_fee_site_inquire_c',
  'f_fee_site_inquire_i',
  'f_fee_site_inquire_s',
  'f_fee_site_inquire_o',
  'f_complete',
  'f_open_date',
  'f_reg_time',
] as const;
export type SiteField = (typeof SITE_FIELDS)[number];

/**
 * Per-site summaries of its area types (site_rooms, offline the row's room_list) and its
 * units (hos). Migration 0005's triggers compute the same in SQL; a test holds them equal.
 */
export const SUMMARY_FIELDS = [
  'f_room_mask',
  'f_excl_min',
  'f_excl_max',
  'f_real_min',
  'f_real_max',
  'f_toilet_mask',
  'f_u_sale_min',
  'f_u_sale_max',
  'f_u_collateral_min',
  'f_u_collateral_max',
  'f_u_charter_min',
  'f_u_charter_max',
  'f_u_invest_min',
  'f_u_invest_max',
  'f_u_deposit_min',
  'f_u_deposit_max',
] as const;
export type SummaryField = (typeof SUMMARY_FIELDS)[number];
export type FilterField = SiteField | SummaryField;

type Row = Readonly<Record<string, unknown>>;

/** Unit prices a list can be sorted by "by unit": unsold units whose price is known and above zero. */
export const UNIT_PRICES = {
  sale: { price: 'f_sale_price', inquire: 'f_inquire_price' },
  collateral: { price: 'f_collateral_price', inquire: 'f_inquire_price' },
  charter: { price: 'f_charter_price', inquire: 'f_inquire_charter' },
  invest: { price: 'f_investment_price', inquire: 'f_inquire_investment' },
  deposit: { price: 'f_monthly_rent_deposit', inquire: 'f_inquire_month' },
} as const;
export type UnitPriceKind = keyof typeof UNIT_PRICES;

/** Room and toilet counts as bits of a mask (0-10; anything beyond counts as 10). */
export function countBit(n: unknown): number {
  const v = typeof n === 'number' ? n : Number(n);
  return 1 << Math.min(Math.max(Number.isFinite(v) ? v : 0, 0), 10);
}

function numOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
}

export function deriveSummary({
  rooms,
  units,
}: {
  rooms: readonly Row[];
  units: readonly Row[];
}): Record<SummaryField, number | null> {
  let roomMask = 0;
  let toiletMask = 0;
  const span = (values: (number | null)[]) => {
    const xs = values.filter((x): x is number => x !== null);
    return xs.length ? [Math.min(...xs), Math.max(...xs)] : [null, null];
  };
  for (const r of rooms) roomMask |= countBit(r.f_room);
  for (const u of units) toiletMask |= countBit(u.f_toilet);
  const [exclMin, exclMax] = span(rooms.map((r) => numOrNull(r.f_exclusive_pyong)));
  const [realMin, realMax] = span(rooms.map((r) => numOrNull(r.f_real_pyong)));
  const out = {
    f_room_mask: roomMask,
    f_excl_min: exclMin,
    f_excl_max: exclMax,
    f_real_min: realMin,
    f_real_max: realMax,
    f_toilet_mask: toiletMask,
  } as Record<SummaryField, number | null>;
  for (const [kind, { price, inquire }] of Object.entries(UNIT_PRICES)) {
    const [min, max] = span(
      units
        .filter((u) => u.f_complete === 'N' && u[inquire] === 'N' && (numOrNull(u[price]) ?? 0) >= 1)
        .map((u) => numOrNull(u[price])),
    );
    out[`f_u_${kind}_min` as SummaryField] = min ?? null;
    out[`f_u_${kind}_max` as SummaryField] = max ?? null;
  }
  return out;
}

/** Sites are stored by 0.01° grid cell (row-major); the same arithmetic as migration 0005. */
export const GRID_DEGREES = 0.01;
const GRID_COLUMNS = 36000;

export function gridRowCol(lat: number, lng: number): { row: number; col: number } {
  return { row: Math.floor((lat + 90) / GRID_DEGREES), col: Math.floor((lng + 180) / GRID_DEGREES) };
}

export function gridCell(lat: number, lng: number): number {
  const { row, col } = gridRowCol(lat, lng);
  return cellAt(row, col);
}

export function cellAt(row: number, col: number): number {
  return row * GRID_COLUMNS + col;
}

export function cellRowCol(cell: number): { row: number; col: number } {
  const row = Math.floor(cell / GRID_COLUMNS);
  return { row, col: cell - row * GRID_COLUMNS };
}

type Scalar = string | number;
export type CmpOp = '=' | '!=' | '<=' | '>=' | '<';

/** A condition. Comparisons with a missing (null) value are false, as in SQL. */
export type Clause =
  | { k: 'cmp'; f: FilterField; op: CmpOp; v: Scalar }
  | { k: 'in'; f: FilterField; vs: readonly Scalar[] }
  | { k: 'notNull'; f: FilterField }
  /**
   * A comma-list column (f_maemul_type, f_transaction_type, f_fee_type) holds one of the codes.
   * Every code is one character, so "holds" is "contains the character" on both sides.
   */
  | { k: 'listAny'; f: FilterField; vs: readonly string[] }
  /** A mask column shares a bit with the mask. */
  | { k: 'bitsAny'; f: FilterField; mask: number }
  | { k: 'and'; cs: readonly Clause[] }
  | { k: 'or'; cs: readonly Clause[] }
  /** Name and addresses, spaces stripped and ASCII lower-cased, contain the needle. */
  | { k: 'text'; needle: string }
  /** The caller has the site among their favourites. */
  | { k: 'liked' }
  | { k: 'box'; bounds: MapBounds }
  | { k: 'radius'; lat: number; lng: number; km: number };

/** A value a list can be sorted by; null sorts last in both directions. */
export type ValueExpr =
  | { k: 'field'; f: FilterField }
  | { k: 'when'; c: Clause; v: ValueExpr }
  | { k: 'coalesce'; vs: readonly ValueExpr[] };

export interface CompiledSearch {
  /** Every clause must hold. The area and keyword clauses come first, so an index can drive them. */
  where: Clause[];
  /** The list order before the fixed tie-break (newest registration, then highest idx). */
  sort: { value: ValueExpr; dir: 'asc' | 'desc' } | null;
  zoom: number;
}

/** Visible on the map: exactly the sites migration 0005 keeps in map_sites. */
export const visibleClauses: readonly Clause[] = [
  { k: 'cmp', f: 'f_status', op: '=', v: 'N' },
  { k: 'cmp', f: 'f_hidden', op: '=', v: 'N' },
  { k: 'in', f: 'f_site_type', vs: ['O', 'G'] },
  { k: 'notNull', f: 'f_latitude' },
  { k: 'notNull', f: 'f_longitude' },
];

interface PriceColumns {
  min: SiteField;
  max: SiteField;
  inquire: SiteField;
  unit: UnitPriceKind;
}

/** Where each transaction type keeps its price (spec §3 Site and Unit). */
export const PRICE_COLUMNS: Record<TransCode | 'collateral', PriceColumns> = {
  0: { min: 'f_sale_price_min', max: 'f_sale_price_max', inquire: 'f_site_inquire_sale', unit: 'sale' },
  1: {
    min: 'f_charter_price_min',
    max: 'f_charter_price_max',
    inquire: 'f_site_inquire_charter',
    unit: 'charter',
  },
  2: {
    min: 'f_invest_price_min',
    max: 'f_invest_price_max',
    inquire: 'f_site_inquire_invest',
    unit: 'invest',
  },
  3: {
    min: 'f_monthly_deposit_min',
    max: 'f_monthly_deposit_max',
    inquire: 'f_site_inquire_monthly',
    unit: 'deposit',
  },
  collateral: {
    min: 'f_collateral_price_min',
    max: 'f_collateral_price_max',
    inquire: 'f_site_inquire_sale',
    unit: 'collateral',
  },
};

const FEE_COLUMNS: Record<FeeType, { value: SiteField; inquire: SiteField }> = {
  T: { value: 'f_fee_t', inquire: 'f_fee_site_inquire_t' },
  C: { value: 'f_fee_c', inquire: 'f_fee_site_inquire_c' },
  I: { value: 'f_fee_i', inquire: 'f_fee_site_inquire_i' },
  S: { value: 'f_fee_s', inquire: 'f_fee_site_inquire_s' },
  O: { value: 'f_fee_o', inquire: 'f_fee_site_inquire_o' },
};

const ALL_TRANS: readonly TransCode[] = [0, 1, 2, 3];
const ALL_FEES: readonly FeeType[] = ['T', 'C', 'I', 'S', 'O'];

function eq(f: FilterField, v: Scalar): Clause {
  return { k: 'cmp', f, op: '=', v };
}

function and(cs: Clause[]): Clause {
  return cs.length === 1 ? (cs[0] as Clause) : { k: 'and', cs };
}

function or(cs: Clause[]): Clause {
  return cs.length === 1 ? (cs[0] as Clause) : { k: 'or', cs };
}

/** The stored [min, max] range overlaps the requested one; an open end does not constrain. */
function overlaps({
  min,
  max,
  from,
  to,
}: {
  min: FilterField;
  max: FilterField;
  from: number | undefined;
  to: number | undefined;
}): Clause[] {
  const out: Clause[] = [];
  if (from !== undefined) out.push({ k: 'cmp', f: max, op: '>=', v: from });
  if (to !== undefined) out.push({ k: 'cmp', f: min, op: '<=', v: to });
  return out;
}

function priceRanges(q: MapQuery): Record<TransCode, Clause[]> {
  return {
    0: overlaps({ ...PRICE_COLUMNS[0], from: q.sale_min, to: q.sale_max }),
    1: overlaps({ ...PRICE_COLUMNS[1], from: q.charter_min, to: q.charter_max }),
    2: overlaps({ ...PRICE_COLUMNS[2], from: q.invest_min, to: q.invest_max }),
    3: [
      ...overlaps({ ...PRICE_COLUMNS[3], from: q.deposit_min, to: q.deposit_max }),
      ...overlaps({ min: 'f_monthly_rent_min', max: 'f_monthly_rent_max', from: q.rent_min, to: q.rent_max }),
    ],
  };
}

/**
 * Transaction types and prices: the site passes when any chosen type is offered and
 * satisfies its price (with none chosen: the types whose price range is set, else all four).
 * A price on inquiry (site_inquire Y) or a completed site has no known price, so it never
 * satisfies a bounded range; the inquiry boxes pick or hide the sites whose price is on inquiry.
 */
function transClause(q: MapQuery): Clause | null {
  const ranges = priceRanges(q);
  const inquireOnly = q.show_site_inquire_only === 'Y';
  const hideInquire = q.not_show_site_inquire === 'Y';
  const bounded = ALL_TRANS.filter((t) => ranges[t].length > 0);
  // With no type chosen, a price range chooses its own type: a sale range means sale listings.
  const types =
    q.trans_type && q.trans_type.length > 0 ? q.trans_type : bounded.length > 0 ? bounded : ALL_TRANS;
  if (types === ALL_TRANS && !inquireOnly && !hideInquire) return null;
  return or(
    [...new Set(types)]
      .sort((a, b) => a - b)
      .map((t): Clause => {
        const cs: Clause[] = [{ k: 'listAny', f: 'f_transaction_type', vs: [String(t)] }];
        const inquire = PRICE_COLUMNS[t].inquire;
        if (inquireOnly) cs.push(eq(inquire, 'Y'));
        else {
          if (hideInquire || ranges[t].length > 0) cs.push(eq(inquire, 'N'));
          if (ranges[t].length > 0) cs.push(eq('f_complete', 'N'), ...ranges[t]);
        }
        return and(cs);
      }),
  );
}

/** Fee types and the fee range (백만원); a fee on inquiry never satisfies a bounded range. */
function feeClause(q: MapQuery): Clause | null {
  const bounded = q.fee_min !== undefined || q.fee_max !== undefined;
  const chosen = q.fee_type && q.fee_type.length > 0;
  if (!chosen && !bounded) return null;
  const types = chosen ? new Set(q.fee_type) : new Set(ALL_FEES);
  return or(
    ALL_FEES.filter((f) => types.has(f)).map((f): Clause => {
      const cs: Clause[] = [{ k: 'listAny', f: 'f_fee_type', vs: [f] }];
      if (bounded) {
        cs.push(eq(FEE_COLUMNS[f].inquire, 'N'));
        if (q.fee_min !== undefined) cs.push({ k: 'cmp', f: FEE_COLUMNS[f].value, op: '>=', v: q.fee_min });
        if (q.fee_max !== undefined) cs.push({ k: 'cmp', f: FEE_COLUMNS[f].value, op: '<=', v: q.fee_max });
      }
      return and(cs);
    }),
  );
}

/** "n" or "n or more" on a count mask: the n bit, or any bit from n up (the mask is then at least 2^n). */
function maskClause(f: FilterField, n: number, more: boolean): Clause {
  return more ? { k: 'cmp', f, op: '>=', v: countBit(n) } : { k: 'bitsAny', f, mask: countBit(n) };
}

/**
 * Rooms: a general site's own room count, or one of a new-open site's area types.
 * Toilets: a general site's own count, or one of a new-open site's units.
 */
function roomClauses(q: MapQuery): Clause[] {
  const out: Clause[] = [];
  if (q.room_num !== undefined) {
    const more = q.room_more === 'Y';
    out.push(
      or([
        and([eq('f_site_type', 'G'), { k: 'cmp', f: 'f_room_num', op: more ? '>=' : '=', v: q.room_num }]),
        and([eq('f_site_type', 'O'), maskClause('f_room_mask', q.room_num, more)]),
      ]),
    );
  }
  if (q.toilet_num !== undefined) {
    const more = q.toilet_more === 'Y';
    out.push(
      or([
        and([
          eq('f_site_type', 'G'),
          { k: 'cmp', f: 'f_toilet_num', op: more ? '>=' : '=', v: q.toilet_num },
        ]),
        and([eq('f_site_type', 'O'), maskClause('f_toilet_mask', q.toilet_num, more)]),
      ]),
    );
  }
  if (q.elevator) out.push(eq('f_elevator', q.elevator));
  if (q.duplex === 'Y') out.push(eq('f_duplex', 'Y'));
  if (q.teras === 'Y') out.push(eq('f_teras', 'Y'));
  return out;
}

/** Area (평): the site's span of area types, smallest to largest, overlaps the chosen range. */
function areaClauses(q: MapQuery): Clause[] {
  if (q.area_type === 'E') {
    return overlaps({ min: 'f_excl_min', max: 'f_excl_max', from: q.exclusive_min, to: q.exclusive_max });
  }
  if (q.area_type === 'R') {
    return overlaps({ min: 'f_real_min', max: 'f_real_max', from: q.real_min, to: q.real_max });
  }
  return [];
}

/** The price a list is sorted by; null (last) when the site has no known price of that kind. */
function sortValue(q: MapQuery): CompiledSearch['sort'] {
  if (!q.sort_price) return null;
  const collateral = q.sort_price === 'CL' || q.sort_price === 'CH';
  const low = q.sort_price === 'PL' || q.sort_price === 'CL';
  // A price sort follows the first chosen transaction type: sorting charter listings by sale price helps nobody.
  const trans = [...(q.trans_type ?? [])].sort((a, b) => a - b)[0] ?? 0;
  const cols = PRICE_COLUMNS[collateral ? 'collateral' : trans];
  const siteField = low ? cols.min : cols.max;
  const siteValue: ValueExpr = {
    k: 'when',
    c: and([eq(cols.inquire, 'N'), { k: 'cmp', f: siteField, op: '>=', v: 1 }]),
    v: { k: 'field', f: siteField },
  };
  // By unit: the cheapest (or dearest) unsold unit with a known price; a site without one keeps its range.
  const unitField = `f_u_${cols.unit}_${low ? 'min' : 'max'}` as SummaryField;
  const value: ValueExpr =
    q.sort_site === 'U' ? { k: 'coalesce', vs: [{ k: 'field', f: unitField }, siteValue] } : siteValue;
  // Completed sites have masked prices (spec §4 Visibility): they never lead a price sort.
  return { value: { k: 'when', c: eq('f_complete', 'N'), v: value }, dir: low ? 'asc' : 'desc' };
}

export function compileMapQuery(q: MapQuery): CompiledSearch {
  const where: Clause[] = [];
  const global = q.use_keyword === 'Y' && q.keyword !== '';
  if (!global) {
    if (q.radius !== undefined && q.lat !== undefined && q.lng !== undefined) {
      where.push({ k: 'radius', lat: q.lat, lng: q.lng, km: q.radius });
    } else if (q.bounds) where.push({ k: 'box', bounds: q.bounds });
  }
  if (q.keyword !== '') where.push({ k: 'text', needle: searchNeedle(q.keyword) });
  where.push(...visibleClauses);
  if (q.site_type) where.push(eq('f_site_type', q.site_type));
  if (q.maemul_type && q.maemul_type.length > 0) {
    where.push({ k: 'listAny', f: 'f_maemul_type', vs: q.maemul_type.map(String) });
  }
  const trans = transClause(q);
  if (trans) where.push(trans);
  if (q.safe_charter === 'Y') where.push(eq('f_safe_charter', 'Y'));
  if (q.smb === 'Y') where.push(eq('f_smb', 'Y'));
  // Days as text comparisons: a registration instant (UTC ISO text) against where Seoul days
  // begin, an open date (YYYY-MM-DD) against the days themselves. No date parsing per row.
  if (q.reg_date_from) where.push({ k: 'cmp', f: 'f_reg_time', op: '>=', v: seoulDayStart(q.reg_date_from) });
  if (q.reg_date_to)
    where.push({ k: 'cmp', f: 'f_reg_time', op: '<', v: seoulDayStart(nextDay(q.reg_date_to)) });
  if (q.open_date_from) where.push({ k: 'cmp', f: 'f_open_date', op: '>=', v: q.open_date_from });
  if (q.open_date_to) where.push({ k: 'cmp', f: 'f_open_date', op: '<', v: nextDay(q.open_date_to) });
  const fee = feeClause(q);
  if (fee) where.push(fee);
  where.push(...roomClauses(q), ...areaClauses(q));
  if (q.favorite === 'Y') where.push({ k: 'liked' });
  return { where, sort: sortValue(q), zoom: q.zoom_level };
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The UTC instant (ISO text, as stored) at which a Seoul calendar day begins: 15:00 the day before. */
export function seoulDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - 9 * 3600_000).toISOString();
}

/** ASCII letters folded to lower case, like SQLite's lower(); Hangul has no case. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export function searchNeedle(keyword: string): string {
  return asciiLower(keyword.replace(/\s+/g, ''));
}

/**
 * The text a keyword is looked for in. Migration 0005's triggers write the same expression
 * into the FTS table (`lower(replace(name,' ','') || '|' || ... || '||')`); a test holds them
 * equal. The trailing '||' gives every character two followers, so it begins a trigram.
 */
export function siteSearchText(site: {
  f_name?: unknown;
  f_address1?: unknown;
  f_address2?: unknown;
}): string {
  const part = (v: unknown) => (typeof v === 'string' ? v.replaceAll(' ', '') : '');
  return asciiLower(`${part(site.f_name)}|${part(site.f_address1)}|${part(site.f_address2)}||`);
}

/** Trigram FTS finds substrings of three characters or more directly; shorter ones go through its term list. */
export function needleUsesIndex(needle: string): boolean {
  return [...needle].length >= 3;
}

/** Equirectangular distance factors (km per degree) around a latitude; both sides use these. */
export function kmPerDegree(lat: number): { kx: number; ky: number } {
  return { kx: 111.32 * Math.cos((lat * Math.PI) / 180), ky: 110.574 };
}

/**
 * Clusters group whole grid cells: 2^level cells a side, the power of two closest to
 * `cellPx` screen pixels at the zoom (web-mercator tiles of 256 px). Whole cells keep the
 * server's per-cell counts and the offline per-site counts identical.
 */
export function clusterLevel(zoom: number, cellPx: number): number {
  const degrees = (360 / 2 ** zoom) * (cellPx / 256);
  return Math.min(14, Math.max(0, Math.round(Math.log2(degrees / GRID_DEGREES))));
}
