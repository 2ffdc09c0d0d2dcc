import type { FeeType, MapBounds, MapQuery, TransCode } from './query.ts';

/**
 * The one meaning of every map filter and sort (spec §3 Map filter, §9 sort options),
 * written as data. `compileMapQuery` turns a request into clauses over the stored columns
 * of a site, its units (hos) and its area types (site_rooms / room_list); the server
 * translates the clauses into SQL (server/map/map.sql.ts) and the offline search evaluates
 * them in JavaScript (evaluate.ts). Neither side decides what a filter means.
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

export const UNIT_FIELDS = [
  'f_toilet',
  'f_complete',
  'f_sale_price',
  'f_collateral_price',
  'f_charter_price',
  'f_investment_price',
  'f_monthly_rent_deposit',
  'f_inquire_price',
  'f_inquire_charter',
  'f_inquire_investment',
  'f_inquire_month',
] as const;
export type UnitField = (typeof UNIT_FIELDS)[number];

export const ROOM_FIELDS = ['f_room', 'f_exclusive_pyong', 'f_real_pyong'] as const;
export type RoomField = (typeof ROOM_FIELDS)[number];

type Scalar = string | number;
export type CmpOp = '=' | '!=' | '<=' | '>=';

/**
 * A condition. Comparisons with a missing (null) value are false, as in SQL. `F` is the
 * field set the clause is evaluated against: a site, one of its units or one of its rooms.
 */
export type Clause<F extends string = SiteField> =
  | { k: 'cmp'; f: F; op: CmpOp; v: Scalar }
  | { k: 'in'; f: F; vs: readonly Scalar[] }
  | { k: 'notNull'; f: F }
  /** A comma-list column (f_maemul_type, f_transaction_type, f_fee_type) holds one of the values. */
  | { k: 'listAny'; f: F; vs: readonly string[] }
  /** The calendar day of the value lies in [from, to]; `seoul` reads an ISO instant as a Seoul day. */
  | { k: 'day'; f: F; seoul: boolean; from: string | undefined; to: string | undefined }
  | { k: 'and'; cs: readonly Clause<F>[] }
  | { k: 'or'; cs: readonly Clause<F>[] }
  | { k: 'anyUnit'; cs: readonly Clause<UnitField>[] }
  | { k: 'anyRoom'; cs: readonly Clause<RoomField>[] }
  /** Name and addresses, spaces stripped and ASCII lower-cased, contain the needle. */
  | { k: 'text'; needle: string }
  /** The caller has the site among their favourites. */
  | { k: 'liked' }
  | { k: 'box'; bounds: MapBounds }
  | { k: 'radius'; lat: number; lng: number; km: number };

/** A value a list can be sorted by; null sorts last in both directions. */
export type ValueExpr =
  | { k: 'field'; f: SiteField }
  | { k: 'when'; c: Clause; v: ValueExpr }
  | { k: 'unitAgg'; agg: 'min' | 'max'; f: UnitField; cs: readonly Clause<UnitField>[] }
  | { k: 'coalesce'; vs: readonly ValueExpr[] };

export interface CompiledSearch {
  /** Every clause must hold. The area and keyword clauses come first, so an index can drive them. */
  where: Clause[];
  /** The list order before the fixed tie-break (newest registration, then highest idx). */
  sort: { value: ValueExpr; dir: 'asc' | 'desc' } | null;
  zoom: number;
}

/** Visible on the map (the R*Tree and FTS tables of migration 0005 hold exactly these sites). */
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
  unit: UnitField;
  unitInquire: UnitField;
}

/** Where each transaction type keeps its price (spec §3 Site and Unit). */
export const PRICE_COLUMNS: Record<TransCode | 'collateral', PriceColumns> = {
  0: {
    min: 'f_sale_price_min',
    max: 'f_sale_price_max',
    inquire: 'f_site_inquire_sale',
    unit: 'f_sale_price',
    unitInquire: 'f_inquire_price',
  },
  1: {
    min: 'f_charter_price_min',
    max: 'f_charter_price_max',
    inquire: 'f_site_inquire_charter',
    unit: 'f_charter_price',
    unitInquire: 'f_inquire_charter',
  },
  2: {
    min: 'f_invest_price_min',
    max: 'f_invest_price_max',
    inquire: 'f_site_inquire_invest',
    unit: 'f_investment_price',
    unitInquire: 'f_inquire_investment',
  },
  3: {
    min: 'f_monthly_deposit_min',
    max: 'f_monthly_deposit_max',
    inquire: 'f_site_inquire_monthly',
    unit: 'f_monthly_rent_deposit',
    unitInquire: 'f_inquire_month',
  },
  collateral: {
    min: 'f_collateral_price_min',
    max: 'f_collateral_price_max',
    inquire: 'f_site_inquire_sale',
    unit: 'f_collateral_price',
    unitInquire: 'f_inquire_price',
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

function eq<F extends string>(f: F, v: Scalar): Clause<F> {
  return { k: 'cmp', f, op: '=', v };
}

function and<F extends string>(cs: Clause<F>[]): Clause<F> {
  return cs.length === 1 ? (cs[0] as Clause<F>) : { k: 'and', cs };
}

/** The site's [min, max] range overlaps the requested one; an open end does not constrain. */
function overlaps({
  min,
  max,
  from,
  to,
}: {
  min: SiteField;
  max: SiteField;
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
 * satisfies its price (with none chosen: the types whose price range is set, else all four). A price on inquiry (site_inquire Y) or a
 * completed site has no known price, so it never satisfies a bounded range; the inquiry
 * boxes pick or hide the sites whose price is on inquiry.
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
  const perType = [...new Set(types)]
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
    });
  return perType.length === 1 ? (perType[0] as Clause) : { k: 'or', cs: perType };
}

/** Fee types and the fee range (백만원); a fee on inquiry never satisfies a bounded range. */
function feeClause(q: MapQuery): Clause | null {
  const bounded = q.fee_min !== undefined || q.fee_max !== undefined;
  const chosen = q.fee_type && q.fee_type.length > 0;
  if (!chosen && !bounded) return null;
  const types = chosen ? [...new Set(q.fee_type)] : ALL_FEES;
  const perType = ALL_FEES.filter((f) => types.includes(f)).map((f): Clause => {
    const cs: Clause[] = [{ k: 'listAny', f: 'f_fee_type', vs: [f] }];
    if (bounded) {
      cs.push(eq(FEE_COLUMNS[f].inquire, 'N'));
      if (q.fee_min !== undefined) cs.push({ k: 'cmp', f: FEE_COLUMNS[f].value, op: '>=', v: q.fee_min });
      if (q.fee_max !== undefined) cs.push({ k: 'cmp', f: FEE_COLUMNS[f].value, op: '<=', v: q.fee_max });
    }
    return and(cs);
  });
  return perType.length === 1 ? (perType[0] as Clause) : { k: 'or', cs: perType };
}

/**
 * Rooms: a general site's own room count; a new-open site offers an area type with it.
 * Toilets: a general site's own count; a new-open site has a unit with it.
 */
function roomClauses(q: MapQuery): Clause[] {
  const out: Clause[] = [];
  if (q.room_num !== undefined) {
    const op: CmpOp = q.room_more === 'Y' ? '>=' : '=';
    out.push({
      k: 'or',
      cs: [
        and<SiteField>([eq('f_site_type', 'G'), { k: 'cmp', f: 'f_room_num', op, v: q.room_num }]),
        and([eq('f_site_type', 'O'), { k: 'anyRoom', cs: [{ k: 'cmp', f: 'f_room', op, v: q.room_num }] }]),
      ],
    });
  }
  if (q.toilet_num !== undefined) {
    const op: CmpOp = q.toilet_more === 'Y' ? '>=' : '=';
    out.push({
      k: 'or',
      cs: [
        and<SiteField>([eq('f_site_type', 'G'), { k: 'cmp', f: 'f_toilet_num', op, v: q.toilet_num }]),
        and([
          eq('f_site_type', 'O'),
          { k: 'anyUnit', cs: [{ k: 'cmp', f: 'f_toilet', op, v: q.toilet_num }] },
        ]),
      ],
    });
  }
  if (q.elevator) out.push(eq('f_elevator', q.elevator));
  if (q.duplex === 'Y') out.push(eq('f_duplex', 'Y'));
  if (q.teras === 'Y') out.push(eq('f_teras', 'Y'));
  return out;
}

/** Area (평): one of the site's area types lies in the range of the chosen measure. */
function areaClause(q: MapQuery): Clause | null {
  if (!q.area_type) return null;
  const [field, from, to]: [RoomField, number | undefined, number | undefined] =
    q.area_type === 'E'
      ? ['f_exclusive_pyong', q.exclusive_min, q.exclusive_max]
      : ['f_real_pyong', q.real_min, q.real_max];
  const cs: Clause<RoomField>[] = [];
  if (from !== undefined) cs.push({ k: 'cmp', f: field, op: '>=', v: from });
  if (to !== undefined) cs.push({ k: 'cmp', f: field, op: '<=', v: to });
  return cs.length > 0 ? { k: 'anyRoom', cs } : null;
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
  const value: ValueExpr =
    q.sort_site === 'U'
      ? {
          k: 'coalesce',
          vs: [
            {
              k: 'unitAgg',
              agg: low ? 'min' : 'max',
              f: cols.unit,
              cs: [
                eq('f_complete', 'N'),
                eq(cols.unitInquire, 'N'),
                { k: 'cmp', f: cols.unit, op: '>=', v: 1 },
              ],
            },
            siteValue,
          ],
        }
      : siteValue;
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
  if (q.reg_date_from || q.reg_date_to) {
    where.push({ k: 'day', f: 'f_reg_time', seoul: true, from: q.reg_date_from, to: q.reg_date_to });
  }
  if (q.open_date_from || q.open_date_to) {
    where.push({ k: 'day', f: 'f_open_date', seoul: false, from: q.open_date_from, to: q.open_date_to });
  }
  const fee = feeClause(q);
  if (fee) where.push(fee);
  if (q.favorite === 'Y') where.push({ k: 'liked' });
  // Clauses that look at units or area types go last: they are the dear ones.
  where.push(...roomClauses(q));
  const area = areaClause(q);
  if (area) where.push(area);
  return { where, sort: sortValue(q), zoom: q.zoom_level };
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
 * into the FTS table (`lower(replace(name,' ','') || '|' || ...)`); a test holds them equal.
 */
export function siteSearchText(site: {
  f_name?: unknown;
  f_address1?: unknown;
  f_address2?: unknown;
}): string {
  const part = (v: unknown) => (typeof v === 'string' ? v.replaceAll(' ', '') : '');
  return asciiLower(`${part(site.f_name)}|${part(site.f_address1)}|${part(site.f_address2)}`);
}

/** Trigram FTS finds substrings of three characters or more; shorter needles need a scan. */
export function needleUsesIndex(needle: string): boolean {
  return [...needle].length >= 3;
}

/** True when evaluating the clauses or the sort needs a site's units. */
export function needsUnits(search: CompiledSearch): boolean {
  const inClause = (c: Clause<string>): boolean =>
    c.k === 'anyUnit' || ((c.k === 'and' || c.k === 'or') && c.cs.some(inClause));
  const inValue = (v: ValueExpr): boolean =>
    v.k === 'unitAgg' ||
    (v.k === 'when' && (inClause(v.c) || inValue(v.v))) ||
    (v.k === 'coalesce' && v.vs.some(inValue));
  return search.where.some(inClause) || (search.sort !== null && inValue(search.sort.value));
}

/** Equirectangular distance factors (km per degree) around a latitude; both sides use these. */
export function kmPerDegree(lat: number): { kx: number; ky: number } {
  return { kx: 111.32 * Math.cos((lat * Math.PI) / 180), ky: 110.574 };
}

/** Cluster grid cell size in degrees at a zoom (web-mercator tiles of 256 px). */
export function clusterCellDegrees(zoom: number, cellPx: number): number {
  return (360 / 2 ** zoom) * (cellPx / 256);
}
