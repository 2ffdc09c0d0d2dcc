import {
  type Clause,
  type CompiledSearch,
  kmPerDegree,
  needleUsesIndex,
  ROOM_FIELDS,
  SITE_FIELDS,
  UNIT_FIELDS,
  type ValueExpr,
} from '../../sync/map/filter.ts';

/**
 * Turns the shared clauses of sync/map/filter.ts into one SQLite statement. With `indexed`
 * the R*Tree drives a viewport or radius and the trigram FTS table a keyword; without it the
 * same clauses run as a plain scan of `sites` (the benchmark's baseline, and a check that the
 * indexes change nothing but speed).
 */

interface Piece {
  sql: string;
  params: unknown[];
}

const tables = {
  site: { alias: 's', fields: new Set<string>(SITE_FIELDS) },
  unit: { alias: 'h', fields: new Set<string>(UNIT_FIELDS) },
  room: { alias: 'r2', fields: new Set<string>(ROOM_FIELDS) },
} as const;
type Scope = keyof typeof tables;

function column(scope: Scope, field: string): string {
  const t = tables[scope];
  // Field names come from typed constants; this keeps anything else out of the SQL text.
  if (!t.fields.has(field)) throw new Error(`unknown ${scope} field ${field}`);
  return `${t.alias}.${field}`;
}

const ops = { '=': '=', '!=': '<>', '<=': '<=', '>=': '>=' } as const;

const SEARCH_TEXT =
  "lower(replace(s.f_name, ' ', '') || '|' || replace(s.f_address1, ' ', '') || '|' || replace(s.f_address2, ' ', ''))";

function join(pieces: Piece[], glue: string): Piece {
  if (pieces.length === 0) return { sql: glue === ' OR ' ? '0' : '1', params: [] };
  return { sql: pieces.map((p) => `(${p.sql})`).join(glue), params: pieces.flatMap((p) => p.params) };
}

interface Options {
  indexed: boolean;
  userIdx: number;
  /** A viewport or radius bounds the search: a short keyword is then checked row by row. */
  bounded: boolean;
}

function clause(c: Clause<string>, scope: Scope, o: Options): Piece {
  switch (c.k) {
    case 'cmp':
      return { sql: `${column(scope, c.f)} ${ops[c.op]} ?`, params: [c.v] };
    case 'in':
      return { sql: `${column(scope, c.f)} IN (${c.vs.map(() => '?').join(', ')})`, params: [...c.vs] };
    case 'notNull':
      return { sql: `${column(scope, c.f)} IS NOT NULL`, params: [] };
    case 'listAny': {
      const col = column(scope, c.f);
      return join(
        c.vs.map((v) => ({ sql: `instr(',' || ${col} || ',', ?) > 0`, params: [`,${v},`] })),
        ' OR ',
      );
    }
    case 'day': {
      const col = column(scope, c.f);
      const day = c.seoul ? `date(${col}, '+9 hours')` : `substr(${col}, 1, 10)`;
      const parts: Piece[] = [{ sql: `${day} IS NOT NULL`, params: [] }];
      if (c.from !== undefined) parts.push({ sql: `${day} >= ?`, params: [c.from] });
      if (c.to !== undefined) parts.push({ sql: `${day} <= ?`, params: [c.to] });
      return join(parts, ' AND ');
    }
    case 'and':
      return join(
        c.cs.map((x) => clause(x, scope, o)),
        ' AND ',
      );
    case 'or':
      return join(
        c.cs.map((x) => clause(x, scope, o)),
        ' OR ',
      );
    case 'anyUnit': {
      const inner = join(
        c.cs.map((x) => clause(x, 'unit', o)),
        ' AND ',
      );
      return {
        sql: `EXISTS (SELECT 1 FROM hos h WHERE h.f_site_idx = s.f_idx AND ${inner.sql})`,
        params: inner.params,
      };
    }
    case 'anyRoom': {
      const inner = join(
        c.cs.map((x) => clause(x, 'room', o)),
        ' AND ',
      );
      return {
        sql: `EXISTS (SELECT 1 FROM site_rooms r2 WHERE r2.f_site_idx = s.f_idx AND ${inner.sql})`,
        params: inner.params,
      };
    }
    case 'text':
      if (!o.indexed || (o.bounded && !needleUsesIndex(c.needle))) {
        return { sql: `instr(${SEARCH_TEXT}, ?) > 0`, params: [c.needle] };
      }
      if (needleUsesIndex(c.needle)) {
        return {
          sql: 's.f_idx IN (SELECT rowid FROM map_fts WHERE map_fts MATCH ?)',
          params: [`"${c.needle.replaceAll('"', '""')}"`],
        };
      }
      // Under three characters the trigram index cannot help: scan its narrow text column.
      return { sql: 's.f_idx IN (SELECT rowid FROM map_fts WHERE instr(text, ?) > 0)', params: [c.needle] };
    case 'liked':
      return {
        sql: 's.f_idx IN (SELECT f_site_idx FROM site_likes WHERE f_user_idx = ?)',
        params: [o.userIdx],
      };
    case 'box': {
      const b = c.bounds;
      return {
        sql: 's.f_latitude BETWEEN ? AND ? AND s.f_longitude BETWEEN ? AND ?',
        params: [b.south, b.north, b.west, b.east],
      };
    }
    case 'radius': {
      const { kx, ky } = kmPerDegree(c.lat);
      // Same operations in the same order as evaluate.ts, so a site on the rim lands on the same side.
      return {
        sql: '((s.f_longitude - ?) * ?) * ((s.f_longitude - ?) * ?) + ((s.f_latitude - ?) * ?) * ((s.f_latitude - ?) * ?) <= ?',
        params: [c.lng, kx, c.lng, kx, c.lat, ky, c.lat, ky, c.km * c.km],
      };
    }
  }
}

function value(v: ValueExpr, o: Options): Piece {
  switch (v.k) {
    case 'field':
      return { sql: column('site', v.f), params: [] };
    case 'when': {
      const c = clause(v.c, 'site', o);
      const inner = value(v.v, o);
      return { sql: `CASE WHEN ${c.sql} THEN ${inner.sql} END`, params: [...c.params, ...inner.params] };
    }
    case 'unitAgg': {
      const where = join(
        v.cs.map((x) => clause(x, 'unit', o)),
        ' AND ',
      );
      return {
        sql: `(SELECT ${v.agg === 'min' ? 'MIN' : 'MAX'}(${column('unit', v.f)}) FROM hos h WHERE h.f_site_idx = s.f_idx AND ${where.sql})`,
        params: where.params,
      };
    }
    case 'coalesce': {
      const parts = v.vs.map((x) => value(x, o));
      return {
        sql: `COALESCE(${parts.map((p) => p.sql).join(', ')})`,
        params: parts.flatMap((p) => p.params),
      };
    }
  }
}

/** The R*Tree window of a viewport or of a radius' bounding square; null when nothing bounds the search. */
function rtreeWindow(search: CompiledSearch): [number, number, number, number] | null {
  for (const c of search.where) {
    if (c.k === 'box') return [c.bounds.south, c.bounds.north, c.bounds.west, c.bounds.east];
    if (c.k === 'radius') {
      const { kx, ky } = kmPerDegree(c.lat);
      // A hair wider than the circle: the exact test below decides, the window only narrows.
      const dLat = (c.km / ky) * 1.001;
      const dLng = (c.km / kx) * 1.001;
      return [c.lat - dLat, c.lat + dLat, c.lng - dLng, c.lng + dLng];
    }
  }
  return null;
}

/** The columns a match is made of, in MapMatch order, then its sort value. */
export const MATCH_COLUMNS =
  's.f_idx, s.f_latitude, s.f_longitude, s.f_site_type, s.f_complete, s.f_reg_time' as const;

export function matchStatement({
  search,
  userIdx,
  indexed,
}: {
  search: CompiledSearch;
  userIdx: number;
  indexed: boolean;
}): Piece {
  const window = indexed ? rtreeWindow(search) : null;
  const o: Options = {
    indexed,
    userIdx,
    bounded: search.where.some((c) => c.k === 'box' || c.k === 'radius'),
  };
  const sort = search.sort ? value(search.sort.value, o) : { sql: 'NULL', params: [] };
  const where = join(
    search.where.map((c) => clause(c, 'site', o)),
    ' AND ',
  );
  if (window) {
    // CROSS JOIN keeps the R*Tree as the outer loop: the window is the most selective part.
    return {
      sql: `SELECT ${MATCH_COLUMNS}, ${sort.sql} FROM map_rtree r CROSS JOIN sites s ON s.f_idx = r.id
        WHERE r.max_lat >= ? AND r.min_lat <= ? AND r.max_lng >= ? AND r.min_lng <= ? AND ${where.sql}`,
      params: [...sort.params, window[0], window[1], window[2], window[3], ...where.params],
    };
  }
  return {
    sql: `SELECT ${MATCH_COLUMNS}, ${sort.sql} FROM sites s${indexed ? '' : ' NOT INDEXED'} WHERE ${where.sql}`,
    params: [...sort.params, ...where.params],
  };
}
