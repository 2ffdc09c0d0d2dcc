import {
  type Clause,
  type CmpOp,
  deriveSummary,
  type FilterField,
  kmPerDegree,
  SUMMARY_FIELDS,
  type SummaryField,
  siteSearchText,
  type ValueExpr,
} from './filter.ts';
import type { MapBounds } from './query.ts';

type Row = Readonly<Record<string, unknown>>;

/** A site as the in-memory search sees it: the stored row, its summaries, the caller's like. */
export interface SearchRow {
  site: Row;
  summary: Readonly<Record<SummaryField, number | null>>;
  liked: boolean;
}

export function toSearchRow({
  site,
  rooms,
  units,
  liked,
}: {
  site: Row;
  rooms: readonly Row[];
  units: readonly Row[];
  liked: boolean;
}): SearchRow {
  return { site, summary: deriveSummary({ rooms, units }), liked };
}

const summaryFields = new Set<string>(SUMMARY_FIELDS);

/**
 * How a compiled search reads a stored site, wherever it is held: a device row (`SearchRow`)
 * or the server's column copy of map_sites (server/map/map.mirror.ts). The meaning of each
 * clause is written once, below, for every holder.
 */
export interface RowReader<R> {
  /** The reader of one field; asked once per search, then called per row. */
  field: (f: FilterField) => (row: R) => unknown;
  /** Name and addresses as `siteSearchText` makes them. */
  text: (row: R) => string;
  /** The caller has the site among their favourites. */
  liked: (row: R) => boolean;
}

/** A device row: the stored site, its summaries and the member's like. */
export const searchRowReader: RowReader<SearchRow> = {
  field: (f) => (summaryFields.has(f) ? (row) => row.summary[f as SummaryField] : (row) => row.site[f]),
  text: (row) => siteSearchText(row.site),
  liked: (row) => row.liked,
};

// What each kind of clause means for one stored value. The device's row-at-a-time search
// (compileClause) and the server's column-at-a-time search (server/map/map.mirror-select.ts)
// both test values only through these.

export function isMissing(v: unknown): v is null | undefined {
  return v === null || v === undefined;
}

/** Compares like SQLite does for the columns involved: numbers as numbers, flags as text; null is never equal. */
export function compare(a: unknown, op: CmpOp, b: string | number): boolean {
  // Most stored values already are of the kind compared with (a number that is not NaN, or text).
  if (typeof a === typeof b && !Number.isNaN(a)) return ordered(a as string | number, op, b);
  if (isMissing(a)) return false;
  let left: string | number;
  if (typeof b === 'number') {
    left = typeof a === 'number' ? a : Number(a);
    if (Number.isNaN(left)) return false;
  } else left = String(a);
  return ordered(left, op, b);
}

function ordered(left: string | number, op: CmpOp, b: string | number): boolean {
  switch (op) {
    case '=':
      return left === b;
    case '!=':
      return left !== b;
    case '<=':
      return left <= b;
    case '>=':
      return left >= b;
    case '<':
      return left < b;
  }
}

/** A comma-list value holds one of the (one-character) codes. */
export function listHas(value: unknown, codes: readonly string[]): boolean {
  if (isMissing(value)) return false;
  const list = String(value);
  for (const code of codes) if (list.includes(code)) return true;
  return false;
}

/** A mask value shares a bit with the mask. */
export function sharesBits(value: unknown, mask: number): boolean {
  return typeof value === 'number' && (value & mask) !== 0;
}

export function inBounds(lat: unknown, lng: unknown, b: MapBounds): boolean {
  if (typeof lat !== 'number' || typeof lng !== 'number') return false;
  return lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;
}

/** A radius clause with its distance factors worked out once. */
export interface Circle {
  lat: number;
  lng: number;
  kx: number;
  ky: number;
  km: number;
}

export function circleOf(c: { lat: number; lng: number; km: number }): Circle {
  return { lat: c.lat, lng: c.lng, km: c.km, ...kmPerDegree(c.lat) };
}

/** Within the circle; the same operations in the same order as server/map/map.sql.ts, so a site on the rim lands on the same side. */
export function inCircle(lat: unknown, lng: unknown, c: Circle): boolean {
  if (typeof lat !== 'number' || typeof lng !== 'number') return false;
  const dx = (lng - c.lng) * c.kx;
  const dy = (lat - c.lat) * c.ky;
  return dx * dx + dy * dy <= c.km * c.km;
}

type Test<R> = (row: R) => boolean;

function every<R>(tests: Test<R>[]): Test<R> {
  if (tests.length === 1) return tests[0] as Test<R>;
  return (row) => {
    for (const t of tests) if (!t(row)) return false;
    return true;
  };
}

function some<R>(tests: Test<R>[]): Test<R> {
  if (tests.length === 1) return tests[0] as Test<R>;
  return (row) => {
    for (const t of tests) if (t(row)) return true;
    return false;
  };
}

/** One clause as a test of a row, compiled once per search. */
export function compileClause<R>(c: Clause, read: RowReader<R>): Test<R> {
  switch (c.k) {
    case 'cmp': {
      const get = read.field(c.f);
      const { op, v } = c;
      return (row) => compare(get(row), op, v);
    }
    case 'in': {
      const get = read.field(c.f);
      const vs = c.vs;
      return (row) => {
        const value = get(row);
        for (const v of vs) if (compare(value, '=', v)) return true;
        return false;
      };
    }
    case 'notNull': {
      const get = read.field(c.f);
      return (row) => !isMissing(get(row));
    }
    case 'listAny': {
      const get = read.field(c.f);
      const vs = c.vs;
      return (row) => listHas(get(row), vs);
    }
    case 'bitsAny': {
      const get = read.field(c.f);
      const mask = c.mask;
      return (row) => sharesBits(get(row), mask);
    }
    case 'and':
      return every(c.cs.map((x) => compileClause(x, read)));
    case 'or':
      return some(c.cs.map((x) => compileClause(x, read)));
    case 'text': {
      const needle = c.needle;
      return (row) => read.text(row).includes(needle);
    }
    case 'liked':
      return read.liked;
    case 'box': {
      const latOf = read.field('f_latitude');
      const lngOf = read.field('f_longitude');
      const bounds = c.bounds;
      return (row) => inBounds(latOf(row), lngOf(row), bounds);
    }
    case 'radius': {
      const latOf = read.field('f_latitude');
      const lngOf = read.field('f_longitude');
      const circle = circleOf(c);
      return (row) => inCircle(latOf(row), lngOf(row), circle);
    }
  }
}

/** Every clause holds. */
export function compileWhere<R>(clauses: readonly Clause[], read: RowReader<R>): Test<R> {
  return clauses.length === 0 ? () => true : every(clauses.map((c) => compileClause(c, read)));
}

function toNumber(v: unknown): number | null {
  if (isMissing(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
}

/** A sort value of a row, compiled once per search. */
export function compileValue<R>(value: ValueExpr, read: RowReader<R>): (row: R) => number | null {
  switch (value.k) {
    case 'field': {
      const get = read.field(value.f);
      return (row) => toNumber(get(row));
    }
    case 'when': {
      const test = compileClause(value.c, read);
      const inner = compileValue(value.v, read);
      return (row) => (test(row) ? inner(row) : null);
    }
    case 'coalesce': {
      const parts = value.vs.map((v) => compileValue(v, read));
      return (row) => {
        for (const part of parts) {
          const n = part(row);
          if (n !== null) return n;
        }
        return null;
      };
    }
  }
}

/**
 * A row sent as column names and values (an offline area, sync/api/offline-areas.api.ts) as the
 * in-memory search reads it: its summaries were computed by the server, from the same fields.
 */
export function areaSearchRow({
  columns,
  row,
  liked,
}: {
  columns: readonly string[];
  row: readonly unknown[];
  liked: boolean;
}): SearchRow {
  const site: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) site[columns[i] as string] = row[i];
  const summary = {} as Record<SummaryField, number | null>;
  for (const f of SUMMARY_FIELDS) {
    const value = site[f];
    summary[f] = typeof value === 'number' ? value : null;
  }
  return { site, summary, liked };
}
