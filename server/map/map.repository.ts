import type SQLite from 'better-sqlite3';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { CompiledSearch } from '../../sync/map/filter.ts';
import {
  type CellStat,
  MAP_SITE_COLUMNS,
  type MapMatch,
  pageBound,
  pinsOrClusters,
} from '../../sync/map/result.ts';
import { statementPage } from '../db/paging.ts';
import { ftsMatch, searchSql } from './map.sql.ts';

type Sqlite = SQLite.Database;

/**
 * Map search runs on the raw connection: it is the hottest path of the app and its SQL is
 * generated, so kysely would only add cost. Statements are prepared once per SQL text; the
 * set of texts is small (one per combination of filters used), but capped all the same.
 */
const statements = new WeakMap<Sqlite, Map<string, SQLite.Statement>>();
const MAX_STATEMENTS = 500;

function prepared(sqlite: Sqlite, sql: string): SQLite.Statement {
  let cache = statements.get(sqlite);
  if (!cache) {
    cache = new Map();
    statements.set(sqlite, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    stmt = sqlite.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

type MatchTuple = [number, number, number, 'O' | 'G', 'Y' | 'N', string, number | null, number | null];
type CellTuple = [number, number, number, number, string | number | null];

/**
 * The map search in two reads: counts per grid cell (which also give each cell's best sort
 * key), then the matching rows that can still reach the page, or all of them when the map
 * shows pins. A city-wide viewport thus returns hundreds of cells, not tens of thousands of rows.
 */
export function findMatches({
  sqlite,
  search,
  userIdx,
  offset,
  indexed = true,
}: {
  sqlite: Sqlite;
  search: CompiledSearch;
  userIdx: number;
  offset: number;
  indexed?: boolean;
}): { cells: CellStat[]; candidates: MapMatch[] } {
  const statements = searchSql({ search, userIdx, indexed });
  const stats = prepared(sqlite, statements.cellStats.sql)
    .raw(true)
    .all(...statements.cellStats.params) as CellTuple[];
  const cells: CellStat[] = stats.map((r) => ({ cell: r[0], count: r[1], sumLat: r[2], sumLng: r[3] }));
  const count = cells.reduce((n, c) => n + c.count, 0);
  const need = offset + Limits.mapPageSize;
  if (count === 0 || (offset >= count && pinsOrClusters({ zoom: search.zoom, count }) === 'clusters')) {
    return { cells, candidates: [] };
  }
  const bound =
    pinsOrClusters({ zoom: search.zoom, count }) === 'pins'
      ? null
      : pageBound({
          bests: stats.map((r) => ({ cell: r[0], best: r[4] })),
          dir: search.sort?.dir ?? null,
          need,
        });
  const { sql, params } = statements.candidates(bound);
  const rows = prepared(sqlite, sql)
    .raw(true)
    .all(...params) as MatchTuple[];
  const candidates: MapMatch[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as MatchTuple;
    candidates[i] = {
      idx: r[0],
      lat: r[1],
      lng: r[2],
      type: r[3],
      complete: r[4],
      regTime: r[5],
      sortValue: r[6],
      price: r[7],
    };
  }
  return { cells, candidates };
}

const listColumns = MAP_SITE_COLUMNS.map((c) => `s.${c}`).join(', ');

/** The list rows of one page. */
export function loadListSites({
  sqlite,
  ids,
}: {
  sqlite: Sqlite;
  ids: readonly number[];
}): Map<number, Record<string, unknown>> {
  if (ids.length === 0) return new Map();
  const marks = ids.map(() => '?').join(', ');
  // Raw rows made into objects here: better-sqlite3's own row objects cost several times more.
  const rows = prepared(sqlite, `SELECT ${listColumns} FROM sites s WHERE s.f_idx IN (${marks})`)
    .raw(true)
    .all(...ids) as unknown[][];
  const out = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const site: Record<string, unknown> = {};
    for (let i = 0; i < MAP_SITE_COLUMNS.length; i++) site[MAP_SITE_COLUMNS[i] as string] = row[i];
    out.set(row[0] as number, site);
  }
  return out;
}

/** Which of these sites the member has among their favourites. */
export function likedAmong({
  sqlite,
  userIdx,
  ids,
}: {
  sqlite: Sqlite;
  userIdx: number;
  ids: readonly number[];
}): Set<number> {
  if (ids.length === 0) return new Set();
  const marks = ids.map(() => '?').join(', ');
  return new Set(
    prepared(sqlite, `SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? AND f_site_idx IN (${marks})`)
      .pluck()
      .all(userIdx, ...ids) as number[],
  );
}

export interface SiteNameRow {
  f_idx: number;
  f_name: string;
  f_site_type: 'O' | 'G';
  f_address1: string;
  f_address2: string;
  f_complete: 'Y' | 'N';
  f_reg_time: string;
}

/**
 * Visible sites whose name or address contains the needle (findSiteListByName), newest or
 * by name, optionally only those the caller may update (own or shared to one of their groups).
 */
export function findSitesByName({
  sqlite,
  needle,
  siteType,
  order,
  onlyUpdatable,
  userIdx,
  page,
}: {
  sqlite: Sqlite;
  needle: string;
  siteType: 'O' | 'G' | null;
  order: 'R' | 'N';
  onlyUpdatable: boolean;
  userIdx: number;
  page: number;
}): Page<SiteNameRow> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (needle !== '') {
    const match = ftsMatch(needle);
    where.push(`m.f_idx IN (SELECT rowid FROM map_fts WHERE map_fts MATCH ${match.sql})`);
    params.push(...match.params);
  }
  if (siteType) {
    where.push('s.f_site_type = ?');
    params.push(siteType);
  }
  if (onlyUpdatable) {
    where.push(
      '(s.f_user_idx = ? OR s.f_group_idx IN (SELECT f_group_idx FROM group_members WHERE f_user_idx = ?))',
    );
    params.push(userIdx, userIdx);
  }
  // map_sites holds exactly the visible sites, so joining it is the visibility check too.
  return statementPage<SiteNameRow>({
    prepare: (text) => prepared(sqlite, text),
    select: 's.f_idx, s.f_name, s.f_site_type, s.f_address1, s.f_address2, s.f_complete, s.f_reg_time',
    from: `map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    orderBy: order === 'N' ? 's.f_name ASC, s.f_idx DESC' : 's.f_reg_time DESC, s.f_idx DESC',
    params,
    page,
    limit: Limits.pageSize,
  });
}

/**
 * What the in-memory copy of map_sites (map.mirror.ts) reads: for each map row the
 * `mapColumns` of map_sites, then the `siteColumns` of its site (typed constants, never input).
 * `ids` null: every row, in the table's order (by grid cell).
 */
export function eachMirrorRow({
  sqlite,
  mapColumns,
  siteColumns,
  ids,
  each,
}: {
  sqlite: Sqlite;
  mapColumns: readonly string[];
  siteColumns: readonly string[];
  ids: readonly number[] | null;
  each: (row: unknown[]) => void;
}): void {
  const columns = [...mapColumns.map((c) => `m.${c}`), ...siteColumns.map((c) => `s.${c}`)].join(', ');
  const select = `SELECT ${columns} FROM map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx`;
  const rows =
    ids === null
      ? // In the table's order: a grid cell's rows then sit side by side in memory too.
        prepared(sqlite, `${select} ORDER BY m.f_cell, m.f_idx`).raw(true).iterate()
      : prepared(sqlite, `${select} WHERE m.f_idx IN (SELECT value FROM json_each(?))`)
          .raw(true)
          .iterate(JSON.stringify(ids));
  for (const row of rows as IterableIterator<unknown[]>) each(row);
}

/** The sites whose map row changed after change number `seq`, with the number of the last change. */
export function mapChangesSince({ sqlite, seq }: { sqlite: Sqlite; seq: number }): {
  ids: number[];
  last: number;
} {
  const rows = prepared(sqlite, 'SELECT f_idx, f_seq FROM map_changes WHERE f_seq > ? ORDER BY f_seq')
    .raw(true)
    .all(seq) as Array<[number, number]>;
  return {
    ids: rows.map((r) => r[0]),
    last: rows.length ? (rows[rows.length - 1] as [number, number])[1] : seq,
  };
}

/** The number of the latest change to map_sites (0 before any). */
export function lastMapChange(sqlite: Sqlite): number {
  return prepared(sqlite, 'SELECT coalesce(max(f_seq), 0) FROM map_changes').pluck().get() as number;
}

/**
 * Changes as soon as anything is written to the database: by this connection (total_changes)
 * or, once committed, by another (data_version).
 */
export function writeMark(sqlite: Sqlite): string {
  return prepared(sqlite, "SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()")
    .pluck()
    .get() as string;
}

/** The member's favourite sites. */
export function likedSiteIds({ sqlite, userIdx }: { sqlite: Sqlite; userIdx: number }): number[] {
  return prepared(sqlite, 'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ?')
    .pluck()
    .all(userIdx) as number[];
}

/** Visible sites whose search text contains a needle of three characters or more (trigram index). */
export function siteIdsWithText({ sqlite, needle }: { sqlite: Sqlite; needle: string }): number[] {
  const match = ftsMatch(needle);
  return prepared(sqlite, `SELECT rowid FROM map_fts WHERE map_fts MATCH ${match.sql}`)
    .pluck()
    .all(...match.params) as number[];
}
