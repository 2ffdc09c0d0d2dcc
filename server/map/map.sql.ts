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
import type { Dialect } from '../db/dialect.ts';
import { containsPattern } from '../db/keyword.ts';

/**
 * Turns the shared clauses of sync/map/filter.ts into SQL statements. Indexed, they run
 * on map_sites (migration 0005): the R*Tree of grid cells narrows a viewport or radius to a
 * few runs of rows, the trigram FTS table answers a keyword, and the summaries are columns.
 * Not indexed, the same clauses run as a plain scan of `sites` with the summaries computed
 * from site_rooms and hos: the benchmark's baseline, and a check that the indexes and their
 * triggers change nothing but speed.
 *
 * On PostgreSQL (migrations/postgres/0021_6_map.ts) the same statements are written with its
 * forms (the forms below): the GiST index on each row's position stands for the R*Tree, pg_trgm's
 * index on `f_search` (the same text map_fts holds) for FTS5, `strpos` for `instr`, LEAST and
 * GREATEST for two-value min and max, arrays for json_each.
 */

export interface Piece {
  sql: string;
  params: unknown[];
}

const siteFields = new Set<string>(SITE_FIELDS);

/** What the two databases write differently, in one place. */
interface Forms {
  /** A bit per value, 0 to 10 (the room and toilet masks). */
  bit: (col: string) => string;
  /** A summed mask as an integer (PostgreSQL's sum of bigint is numeric). */
  mask: (sum: string) => string;
  /** `hay` holds the needle given as the parameter. */
  holds: (hay: string) => string;
  /** The plain scan's table. */
  scanFrom: string;
  /** The scan's grid cell (the arithmetic of migration 0005 and gridRowCol). */
  scanCell: string;
  /** The search text of a site `s`, as map_fts / f_search hold it. */
  searchText: string;
  /** A list of values as one parameter, for `IN`. */
  inList: (expr: string, values: readonly number[]) => Piece;
}

const SQLITE_SEARCH_TEXT =
  "lower(replace(s.f_name, ' ', '') || '|' || replace(s.f_address1, ' ', '') || '|' || replace(s.f_address2, ' ', '') || '||')";

const SQLITE_FORMS: Forms = {
  bit: (col) => `(1 << min(max(${col}, 0), 10))`,
  mask: (sum) => sum,
  holds: (hay) => `instr(${hay}, ?) > 0`,
  scanFrom: 'sites s NOT INDEXED',
  scanCell:
    '(CAST(floor((s.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((s.f_longitude + 180) / 0.01) AS INTEGER))',
  searchText: SQLITE_SEARCH_TEXT,
  inList: (expr, values) => ({
    sql: `${expr} IN (SELECT value FROM json_each(?))`,
    params: [JSON.stringify(values)],
  }),
};

const POSTGRES_FORMS: Forms = {
  bit: (col) => `(1::bigint << LEAST(GREATEST(${col}, 0), 10)::int)`,
  mask: (sum) => `CAST(${sum} AS BIGINT)`,
  holds: (hay) => `strpos(${hay}, ?) > 0`,
  scanFrom: 'sites s',
  scanCell:
    '(floor((s.f_latitude + 90) / 0.01::float8)::bigint * 36000 + floor((s.f_longitude + 180) / 0.01::float8)::bigint)',
  // lower() folds ASCII only under "C", as SQLite's does.
  searchText: `lower((${SQLITE_SEARCH_TEXT.slice('lower('.length, -1)}) COLLATE "C")`,
  inList: (expr, values) => ({ sql: `${expr} = ANY(CAST(? AS bigint[]))`, params: [[...values]] }),
};

const formsOf = (dialect: Dialect): Forms => (dialect === 'postgres' ? POSTGRES_FORMS : SQLITE_FORMS);

/** The summaries as the scan computes them; migration 0005's triggers store the same. */
function scanSummariesOf(forms: Forms): Record<string, string> {
  const { bit, mask } = forms;
  const out: Record<string, string> = {
    f_room_mask: `(SELECT ${mask(`coalesce(sum(DISTINCT ${bit('r.f_room')}), 0)`)} FROM site_rooms r WHERE r.f_site_idx = s.f_idx)`,
    f_excl_min: '(SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
    f_excl_max: '(SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
    f_real_min: '(SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
    f_real_max: '(SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = s.f_idx)',
    f_toilet_mask: `(SELECT ${mask(`coalesce(sum(DISTINCT ${bit('h.f_toilet')}), 0)`)} FROM hos h WHERE h.f_site_idx = s.f_idx)`,
  };
  for (const [kind, { price, inquire }] of Object.entries(UNIT_PRICES)) {
    for (const agg of ['min', 'max']) {
      out[`f_u_${kind}_${agg}`] =
        `(SELECT ${agg}(h.${price}) FROM hos h WHERE h.f_site_idx = s.f_idx AND h.f_complete = 'N' AND h.${inquire} = 'N' AND h.${price} >= 1)`;
    }
  }
  if (SUMMARY_FIELDS.some((f) => !out[f])) throw new Error('a summary field has no scan expression');
  return out;
}
const SQLITE_SUMMARIES = scanSummariesOf(SQLITE_FORMS);
const POSTGRES_SUMMARIES = scanSummariesOf(POSTGRES_FORMS);

/**
 * The map_sites row `m` (site id `idx`) has the needle in its search text, through the keyword
 * index: FTS5's trigrams (`map_fts`, whose rowid is the site) on SQLite; on PostgreSQL a LIKE
 * pattern on `m.f_search` (the same text), which pg_trgm's index answers (one or two characters
 * too, by a wider read of the index, or the planner's scan).
 */
export function keywordMatch({
  dialect,
  idx,
  needle,
}: {
  dialect: Dialect;
  idx: string;
  needle: string;
}): Piece {
  // PostgreSQL text holds no NUL; SQLite's FTS query drops it too (ftsMatch).
  if (dialect === 'postgres') {
    return { sql: "m.f_search LIKE ? ESCAPE '\\'", params: [containsPattern(needle.replaceAll('\0', ''))] };
  }
  const match = ftsMatch(needle);
  return {
    sql: `${idx} IN (SELECT rowid FROM map_fts WHERE map_fts MATCH ${match.sql})`,
    params: match.params,
  };
}

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

const ops = { '=': '=', '!=': '<>', '<=': '<=', '>=': '>=', '<': '<' } as const;

interface Options {
  dialect: Dialect;
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
  if (f === 'f_cell') return formsOf(o.dialect).scanCell;
  if (f === 'f_lat_e6') return 'CAST(floor(s.f_latitude * 1000000 + 0.5) AS INTEGER)';
  if (f === 'f_lng_e6') return 'CAST(floor(s.f_longitude * 1000000 + 0.5) AS INTEGER)';
  if (siteFields.has(f)) return `s.${f}`;
  const expr = (o.dialect === 'postgres' ? POSTGRES_SUMMARIES : SQLITE_SUMMARIES)[f];
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
  if (pieces.length === 0) return { sql: glue === ' OR ' ? 'FALSE' : 'TRUE', params: [] };
  if (pieces.length === 1) return pieces[0] as Piece;
  return { sql: pieces.map((p) => `(${p.sql})`).join(glue), params: pieces.flatMap((p) => p.params) };
}

function clause(c: Clause, o: Options): Piece {
  switch (c.k) {
    case 'cmp':
      // A fraction compared with an integer column: PostgreSQL would read the parameter as one.
      return {
        sql: `${column(c.f, o)} ${ops[c.op]} ${o.dialect === 'postgres' && typeof c.v === 'number' && !Number.isInteger(c.v) ? 'CAST(? AS DOUBLE PRECISION)' : '?'}`,
        params: [c.v],
      };
    case 'in':
      return { sql: `${column(c.f, o)} IN (${c.vs.map(() => '?').join(', ')})`, params: [...c.vs] };
    case 'notNull':
      return { sql: `${column(c.f, o)} IS NOT NULL`, params: [] };
    case 'listAny': {
      const col = column(c.f, o);
      return join(
        c.vs.map((v) => ({ sql: formsOf(o.dialect).holds(col), params: [v] })),
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
    case 'text': {
      const forms = formsOf(o.dialect);
      // PostgreSQL text holds no NUL, and no search text does: the needle is looked for without it.
      const needle = o.dialect === 'postgres' ? c.needle.replaceAll('\0', '') : c.needle;
      if (!o.indexed) return { sql: forms.holds(forms.searchText), params: [needle] };
      // A keyword of one or two letters expands to every trigram that begins with it, often
      // hundreds. Within a viewport the cells have already narrowed the rows, and reading each
      // one's stored text (the same lower-cased, space-free text the trigram index holds, so
      // the answers are the same) costs less than listing every such site in the country.
      if (o.cellsDrive && !needleUsesIndex(c.needle)) {
        const stored =
          o.dialect === 'postgres' ? 'm.f_search' : '(SELECT text FROM map_fts WHERE rowid = m.f_idx)';
        return { sql: forms.holds(stored), params: [needle] };
      }
      return keywordMatch({ dialect: o.dialect, idx: idx(o), needle });
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
  dialect,
  search,
  userIdx,
  indexed,
}: {
  dialect: Dialect;
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
  const o: Options = { dialect, indexed, userIdx, cellsDrive: win !== null };
  const where = whereFor(o);
  const whereInCells = whereFor({ ...o, cellsDrive: true });
  const from = indexed ? 'map_sites m' : formsOf(dialect).scanFrom;
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
  if (win && dialect === 'postgres') {
    // The GiST index on each row's position finds the window's rows; the clauses then decide.
    parts.push([
      {
        sql: 'point(m.f_longitude, m.f_latitude) <@ box(point(?, ?), point(?, ?))',
        params: [win[2], win[0], win[3], win[1]],
      },
      where,
    ]);
  } else if (win && box) {
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
  } else parts.push([{ sql: 'TRUE', params: [] }, where]);

  const cols = ['f_idx', 'f_latitude', 'f_longitude', 'f_site_type', 'f_complete', 'f_reg_time'] as const;
  const sv = sort ?? { sql: 'NULL', params: [] };
  // Named c0, c1…: PostgreSQL answers rows by column name, and expressions would share one.
  const select = `SELECT ${[...cols.map((c) => column(c, o)), sv.sql, pinPriceSql(o)].map((e, i) => `${e} AS c${i}`).join(', ')} FROM ${from}`;
  const union = (pieces: Piece[]): Piece => ({
    sql: pieces.map((p) => p.sql).join(' UNION ALL '),
    params: pieces.flatMap((p) => p.params),
  });
  return {
    cellStats: union(
      parts.map(([cells, cond]) => ({
        sql: `SELECT ${cell} AS c0, count(*) AS c1, sum(${column('f_lat_e6', o)}) AS c2, sum(${column('f_lng_e6', o)}) AS c3, ${best.sql} AS c4
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
          formsOf(dialect).inList(cell, bound.cells),
          { sql: `${sort ? sort.sql : reg} ${bound.op} ?`, params: [...(sort?.params ?? []), bound.value] },
          whereInCells,
        ],
        ' AND ',
      );
      return { sql: `${select} WHERE ${filter.sql}`, params: [...sv.params, ...filter.params] };
    },
  };
}
