import {
  type Clause,
  type CompiledSearch,
  type FilterField,
  kmPerDegree,
  needleUsesIndex,
  SITE_FIELDS,
  SUMMARY_FIELDS,
  UNIT_PRICES,
  type ValueExpr,
  visibleClauses,
} from '../../sync/map/filter.ts';
import { PIN_PRICE_FIELDS } from '../../sync/map/query.ts';

/**
 * Turns the shared clauses of sync/map/filter.ts into SQLite statements. Indexed, they run
 * on map_sites (migration 0005): the R*Tree of grid cells narrows a viewport or radius to a
 * few runs of rows, the trigram FTS table answers a keyword, and the summaries are columns.
 * Not indexed, the same clauses run as a plain scan of `sites` with the summaries computed
 * from site_rooms and hos: the benchmark's baseline, and a check that the indexes and their
 * triggers change nothing but speed.
 */

export interface Piece {
  sql: string;
  params: unknown[];
}

const siteFields = new Set<string>(SITE_FIELDS);

const bit = (col: string) => `(1 << min(max(${col}, 0), 10))`;

/** The summaries as the scan computes them; migration 0005's triggers store the same. */
const scanSummaries: Record<string, string> = {
  f_room_mask: `(SELECT coalesce(sum(DISTINCT ${bit('r.f_room')}), 0) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)`,
  f_excl_min: '(SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
  f_excl_max: '(SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
  f_real_min: '(SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
  f_real_max: '(SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
  f_toilet_mask: `(SELECT coalesce(sum(DISTINCT ${bit('h.f_toilet')}), 0) FROM hos h WHERE h.f_site_idx = s.f_idx)`,
};
for (const [kind, { price, inquire }] of Object.entries(UNIT_PRICES)) {
  for (const agg of ['min', 'max']) {
    scanSummaries[`f_u_${kind}_${agg}`] =
      `(SELECT ${agg}(h.${price}) FROM hos h WHERE h.f_site_idx = s.f_idx AND h.f_complete = 'N' AND h.${inquire} = 'N' AND h.${price} >= 1)`;
  }
}
if (SUMMARY_FIELDS.some((f) => !scanSummaries[f])) throw new Error('a summary field has no scan expression');

const SEARCH_TEXT =
  "lower(replace(s.f_name, ' ', '') || '|' || replace(s.f_address1, ' ', '') || '|' || replace(s.f_address2, ' ', '') || '||')";

/** The FTS query for a keyword: the phrase itself, or for one or two characters every trigram that begins with them. */
export function ftsMatch(needle: string): Piece {
  if (needleUsesIndex(needle)) {
    // FTS5 reads its query up to a NUL, which would leave the phrase unterminated (an SQL
    // error). API input never carries one (server/http/input-guard.ts); this keeps the
    // statement valid whoever calls it.
    const phrase = needle.replaceAll('\0', '').replaceAll('"', '""');
    return { sql: '?', params: [`"${phrase}"`] };
  }
  return {
    // '""' matches nothing where no trigram begins with the needle (MATCH NULL is an error).
    sql: `(SELECT coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), '""') FROM map_fts_terms WHERE term >= ? AND term < ?)`,
    params: [needle, `${needle}\u{10FFFF}`],
  };
}
const SCAN_CELL =
  '(CAST(floor((s.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((s.f_longitude + 180) / 0.01) AS INTEGER))';

const ops = { '=': '=', '!=': '<>', '<=': '<=', '>=': '>=', '<': '<' } as const;

interface Options {
  indexed: boolean;
  userIdx: number;
  /**
   * The grid cells drive the search: id sets (keyword, favourites) are only looked up. Left
   * to itself SQLite seeks every cell × id pair of two IN lists on the primary key.
   */
  cellsDrive: boolean;
}

type Column = FilterField | 'f_idx' | 'f_cell' | 'f_lat_e6' | 'f_lng_e6';

function column(f: Column, o: Options): string {
  if (o.indexed) return `m.${f}`;
  if (f === 'f_cell') return SCAN_CELL;
  if (f === 'f_lat_e6') return 'CAST(floor(s.f_latitude * 1000000 + 0.5) AS INTEGER)';
  if (f === 'f_lng_e6') return 'CAST(floor(s.f_longitude * 1000000 + 0.5) AS INTEGER)';
  if (siteFields.has(f)) return `s.${f}`;
  const expr = scanSummaries[f];
  // Field names come from typed constants; this keeps anything else out of the SQL text.
  if (!expr) throw new Error(`unknown field ${f}`);
  return expr;
}

/** The pin's label, as sync/map/query.ts `pinPriceOf` computes it on the device. */
function pinPriceSql(o: Options): string {
  const when = PIN_PRICE_FIELDS.map((f) => `WHEN ${column(f, o)} > 0 THEN ${column(f, o)}`).join(' ');
  return `CASE WHEN ${column('f_complete', o)} = 'Y' THEN NULL ${when} ELSE NULL END`;
}

/**
 * A position, unusable as an index key (unary +): the grid cells find the rows, and the
 * narrow cell index would otherwise be chosen even when the filters need every row's columns.
 */
function position(f: 'f_latitude' | 'f_longitude', o: Options): string {
  return o.indexed ? `+m.${f}` : column(f, o);
}

/** The site id, unusable as an index (unary +) when the grid cells drive. */
function idx(o: Options): string {
  return o.indexed && o.cellsDrive ? '+m.f_idx' : column('f_idx', o);
}

function join(pieces: Piece[], glue: ' AND ' | ' OR '): Piece {
  if (pieces.length === 0) return { sql: glue === ' OR ' ? '0' : '1', params: [] };
  if (pieces.length === 1) return pieces[0] as Piece;
  return { sql: pieces.map((p) => `(${p.sql})`).join(glue), params: pieces.flatMap((p) => p.params) };
}

function clause(c: Clause, o: Options): Piece {
  switch (c.k) {
    case 'cmp':
      return { sql: `${column(c.f, o)} ${ops[c.op]} ?`, params: [c.v] };
    case 'in':
      return { sql: `${column(c.f, o)} IN (${c.vs.map(() => '?').join(', ')})`, params: [...c.vs] };
    case 'notNull':
      return { sql: `${column(c.f, o)} IS NOT NULL`, params: [] };
    case 'listAny': {
      const col = column(c.f, o);
      return join(
        c.vs.map((v) => ({ sql: `instr(${col}, ?) > 0`, params: [v] })),
        ' OR ',
      );
    }
    case 'bitsAny':
      return { sql: `(${column(c.f, o)} & ?) <> 0`, params: [c.mask] };
    case 'and':
      return join(
        c.cs.map((x) => clause(x, o)),
        ' AND ',
      );
    case 'or':
      return join(
        c.cs.map((x) => clause(x, o)),
        ' OR ',
      );
    case 'text':
      if (!o.indexed) return { sql: `instr(${SEARCH_TEXT}, ?) > 0`, params: [c.needle] };
      // A keyword of one or two letters expands to every trigram that begins with it, often
      // hundreds. Within a viewport the cells have already narrowed the rows, and reading each
      // one's stored text (the same lower-cased, space-free text the trigram index holds, so
      // the answers are the same) costs less than listing every such site in the country.
      if (o.cellsDrive && !needleUsesIndex(c.needle)) {
        return { sql: `instr((SELECT text FROM map_fts WHERE rowid = m.f_idx), ?) > 0`, params: [c.needle] };
      }
      {
        const match = ftsMatch(c.needle);
        return {
          sql: `${idx(o)} IN (SELECT rowid FROM map_fts WHERE map_fts MATCH ${match.sql})`,
          params: match.params,
        };
      }
    case 'liked':
      return {
        sql: `${idx(o)} IN (SELECT f_site_idx FROM site_likes WHERE f_user_idx = ?)`,
        params: [o.userIdx],
      };
    case 'box': {
      const b = c.bounds;
      return {
        sql: `${position('f_latitude', o)} BETWEEN ? AND ? AND ${position('f_longitude', o)} BETWEEN ? AND ?`,
        params: [b.south, b.north, b.west, b.east],
      };
    }
    case 'radius': {
      const { kx, ky } = kmPerDegree(c.lat);
      const lat = column('f_latitude', o);
      const lng = column('f_longitude', o);
      // Same operations in the same order as evaluate.ts, so a site on the rim lands on the same side.
      return {
        sql: `((${lng} - ?) * ?) * ((${lng} - ?) * ?) + ((${lat} - ?) * ?) * ((${lat} - ?) * ?) <= ?`,
        params: [c.lng, kx, c.lng, kx, c.lat, ky, c.lat, ky, c.km * c.km],
      };
    }
  }
}

function value(v: ValueExpr, o: Options): Piece {
  switch (v.k) {
    case 'field':
      return { sql: column(v.f, o), params: [] };
    case 'when': {
      const c = clause(v.c, o);
      const inner = value(v.v, o);
      return { sql: `CASE WHEN ${c.sql} THEN ${inner.sql} END`, params: [...c.params, ...inner.params] };
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
export function searchWindow(search: CompiledSearch): [number, number, number, number] | null {
  for (const c of search.where) {
    if (c.k === 'box') return [c.bounds.south, c.bounds.north, c.bounds.west, c.bounds.east];
    if (c.k === 'radius') {
      const { kx, ky } = kmPerDegree(c.lat);
      // A hair wider than the circle: the exact test decides, the window only narrows.
      const dLat = (c.km / ky) * 1.001;
      const dLng = (c.km / kx) * 1.001;
      return [c.lat - dLat, c.lat + dLat, c.lng - dLng, c.lng + dLng];
    }
  }
  return null;
}

export interface SearchSql {
  /** Per grid cell: cell, count, sums of latitudes and longitudes in micro-degrees, best sort key. */
  cellStats: Piece;
  /** The matches (MapMatch columns, then the sort value), optionally only rows that can reach the page. */
  candidates: (bound: { cells: number[]; op: '>=' | '<='; value: string | number } | null) => Piece;
}

export function searchSql({
  search,
  userIdx,
  indexed,
}: {
  search: CompiledSearch;
  userIdx: number;
  indexed: boolean;
}): SearchSql {
  const win = indexed ? searchWindow(search) : null;
  // map_sites holds visible sites only, so the visibility clauses need no checking there.
  const clauses = indexed ? search.where.filter((c) => !visibleClauses.includes(c)) : search.where;
  const whereFor = (o: Options, list: readonly Clause[] = clauses) =>
    join(
      list.map((c) => clause(c, o)),
      ' AND ',
    );
  const o: Options = { indexed, userIdx, cellsDrive: win !== null };
  const where = whereFor(o);
  const whereInCells = whereFor({ ...o, cellsDrive: true });
  const from = indexed ? 'map_sites m' : 'sites s NOT INDEXED';
  const cell = column('f_cell', o);
  const sort = search.sort ? value(search.sort.value, o) : null;
  const reg = column('f_reg_time', o);
  const best = !sort
    ? { sql: `max(${reg})`, params: [] }
    : { sql: `${search.sort?.dir === 'asc' ? 'min' : 'max'}(${sort.sql})`, params: sort.params };

  // Where to look: [cells, conditions] pairs whose results are disjoint and add up. A viewport
  // splits into cells lying wholly inside it, whose rows need no position check, and cells on
  // its edge; a radius or a keyword searched everywhere is one part.
  const parts: Array<[Piece, Piece]> = [];
  const box = search.where.find((c) => c.k === 'box');
  if (win && box) {
    const overlap = 'max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?';
    const inside = 'min_lat >= ? AND max_lat <= ? AND min_lng >= ? AND max_lng <= ?';
    parts.push([
      { sql: `${cell} IN (SELECT id FROM map_cells WHERE ${inside})`, params: [...win] },
      whereFor(
        o,
        clauses.filter((c) => c !== box),
      ),
    ]);
    parts.push([
      {
        sql: `${cell} IN (SELECT id FROM map_cells WHERE ${overlap} AND NOT (${inside}))`,
        params: [...win, ...win],
      },
      where,
    ]);
  } else if (win) {
    parts.push([
      {
        sql: `${cell} IN (SELECT id FROM map_cells WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?)`,
        params: [...win],
      },
      where,
    ]);
  } else parts.push([{ sql: '1', params: [] }, where]);

  const cols = ['f_idx', 'f_latitude', 'f_longitude', 'f_site_type', 'f_complete', 'f_reg_time'] as const;
  const sv = sort ?? { sql: 'NULL', params: [] };
  const select = `SELECT ${cols.map((c) => column(c, o)).join(', ')}, ${sv.sql}, ${pinPriceSql(o)} FROM ${from}`;
  const union = (pieces: Piece[]): Piece => ({
    sql: pieces.map((p) => p.sql).join(' UNION ALL '),
    params: pieces.flatMap((p) => p.params),
  });
  return {
    cellStats: union(
      parts.map(([cells, cond]) => ({
        sql: `SELECT ${cell}, count(*), sum(${column('f_lat_e6', o)}), sum(${column('f_lng_e6', o)}), ${best.sql}
          FROM ${from} WHERE ${cells.sql} AND (${cond.sql}) GROUP BY 1`,
        params: [...best.params, ...cells.params, ...cond.params],
      })),
    ),
    candidates: (bound) => {
      if (!bound) {
        return union(
          parts.map(([cells, cond]) => ({
            sql: `${select} WHERE ${cells.sql} AND (${cond.sql})`,
            params: [...sv.params, ...cells.params, ...cond.params],
          })),
        );
      }
      const filter = join(
        [
          { sql: `${cell} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(bound.cells)] },
          { sql: `${sort ? sort.sql : reg} ${bound.op} ?`, params: [...(sort?.params ?? []), bound.value] },
          whereInCells,
        ],
        ' AND ',
      );
      return { sql: `${select} WHERE ${filter.sql}`, params: [...sv.params, ...filter.params] };
    },
  };
}
