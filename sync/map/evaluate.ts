import {
  type Clause,
  type CmpOp,
  type CompiledSearch,
  deriveSummary,
  type FilterField,
  kmPerDegree,
  SUMMARY_FIELDS,
  type SummaryField,
  siteSearchText,
  type ValueExpr,
} from './filter.ts';

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

function field(row: SearchRow, f: FilterField): unknown {
  return summaryFields.has(f) ? row.summary[f as SummaryField] : row.site[f];
}

function isMissing(v: unknown): v is null | undefined {
  return v === null || v === undefined;
}

/** Compares like SQLite does for the columns involved: numbers as numbers, flags as text; null is never equal. */
function compare(a: unknown, op: CmpOp, b: string | number): boolean {
  if (isMissing(a)) return false;
  let left: string | number;
  if (typeof b === 'number') {
    left = typeof a === 'number' ? a : Number(a);
    if (Number.isNaN(left)) return false;
  } else left = String(a);
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

function holds(c: Clause, row: SearchRow): boolean {
  switch (c.k) {
    case 'cmp':
      return compare(field(row, c.f), c.op, c.v);
    case 'in':
      return c.vs.some((v) => compare(field(row, c.f), '=', v));
    case 'notNull':
      return !isMissing(field(row, c.f));
    case 'listAny': {
      const value = field(row, c.f);
      if (isMissing(value)) return false;
      const list = String(value);
      return c.vs.some((v) => list.includes(v));
    }
    case 'bitsAny': {
      const value = field(row, c.f);
      return typeof value === 'number' && (value & c.mask) !== 0;
    }
    case 'and':
      return c.cs.every((x) => holds(x, row));
    case 'or':
      return c.cs.some((x) => holds(x, row));
    case 'text':
      return siteSearchText(row.site).includes(c.needle);
    case 'liked':
      return row.liked;
    case 'box': {
      const { f_latitude: lat, f_longitude: lng } = row.site;
      if (typeof lat !== 'number' || typeof lng !== 'number') return false;
      const b = c.bounds;
      return lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;
    }
    case 'radius': {
      const { f_latitude: lat, f_longitude: lng } = row.site;
      if (typeof lat !== 'number' || typeof lng !== 'number') return false;
      const { kx, ky } = kmPerDegree(c.lat);
      const dx = (lng - c.lng) * kx;
      const dy = (lat - c.lat) * ky;
      return dx * dx + dy * dy <= c.km * c.km;
    }
  }
}

export function matches(search: CompiledSearch, row: SearchRow): boolean {
  return search.where.every((c) => holds(c, row));
}

function toNumber(v: unknown): number | null {
  if (isMissing(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
}

export function evaluateValue(value: ValueExpr, row: SearchRow): number | null {
  switch (value.k) {
    case 'field':
      return toNumber(field(row, value.f));
    case 'when':
      return holds(value.c, row) ? evaluateValue(value.v, row) : null;
    case 'coalesce':
      for (const v of value.vs) {
        const n = evaluateValue(v, row);
        if (n !== null) return n;
      }
      return null;
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
