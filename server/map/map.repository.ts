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
import { type DbOrTx, rawSqlite } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { statementPage } from '../db/paging.ts';
import * as postgres from './map.postgres.ts';
import { ftsMatch, keywordMatch, type Piece, searchSql } from './map.sql.ts';

type Sqlite = SQLite.Database;

/**
 * Map search runs on the raw connection: it is the hottest path of the app and its SQL is
 * generated, so kysely would only add cost. On PostgreSQL each function below has its body in
 * map.postgres.ts (the generated SQL is map.sql.ts's, in PostgreSQL's forms). Statements are prepared once per SQL text; the
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

/** A generated statement's rows as value arrays, on either database. */
async function rowsOf(db: DbOrTx, piece: Piece): Promise<unknown[][]> {
  if (dialectOf(db) === 'postgres') return postgres.rowsOf(db, piece);
  return prepared(rawSqlite(db), piece.sql)
    .raw(true)
    .all(...piece.params) as unknown[][];
}

type MatchTuple = [number, number, number, 'O' | 'G', 'Y' | 'N', string, number | null, number | null];
type CellTuple = [number, number, number, number, string | number | null];

/**
 * The map search in two reads: counts per grid cell (which also give each cell's best sort
 * key), then the matching rows that can still reach the page, or all of them when the map
 * shows pins. A city-wide viewport thus returns hundreds of cells, not tens of thousands of rows.
 */
export async function findMatches({
  db,
  search,
  userIdx,
  offset,
  indexed = true,
}: {
  db: DbOrTx;
  search: CompiledSearch;
  userIdx: number;
  offset: number;
  indexed?: boolean;
}): Promise<{ cells: CellStat[]; candidates: MapMatch[] }> {
  const statements = searchSql({ dialect: dialectOf(db), search, userIdx, indexed });
  const stats = (await rowsOf(db, statements.cellStats)) as CellTuple[];
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
  const rows = (await rowsOf(db, statements.candidates(bound))) as MatchTuple[];
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
export async function loadListSites({
  db,
  ids,
}: {
  db: DbOrTx;
  ids: readonly number[];
}): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  if (dialectOf(db) === 'postgres') return postgres.listSites({ db, ids, columns: MAP_SITE_COLUMNS });
  const marks = ids.map(() => '?').join(', ');
  // Raw rows made into objects here: better-sqlite3's own row objects cost several times more.
  const rows = prepared(rawSqlite(db), `SELECT ${listColumns} FROM sites s WHERE s.f_idx IN (${marks})`)
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
export async function likedAmong({
  db,
  userIdx,
  ids,
}: {
  db: DbOrTx;
  userIdx: number;
  ids: readonly number[];
}): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  if (dialectOf(db) === 'postgres') return new Set(await postgres.likedAmong({ db, userIdx, ids }));
  const marks = ids.map(() => '?').join(', ');
  return new Set(
    prepared(
      rawSqlite(db),
      `SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? AND f_site_idx IN (${marks})`,
    )
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
export async function findSitesByName({
  db,
  needle,
  siteType,
  order,
  onlyUpdatable,
  userIdx,
  page,
}: {
  db: DbOrTx;
  needle: string;
  siteType: 'O' | 'G' | null;
  order: 'R' | 'N';
  onlyUpdatable: boolean;
  userIdx: number;
  page: number;
}): Promise<Page<SiteNameRow>> {
  const dialect = dialectOf(db);
  const where: string[] = [];
  const params: unknown[] = [];
  if (needle !== '') {
    const match = keywordMatch({ dialect, idx: 'm.f_idx', needle });
    where.push(match.sql);
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
  // (SQLite's CROSS JOIN keeps that order; PostgreSQL's planner chooses its own.)
  const list = {
    select: 's.f_idx, s.f_name, s.f_site_type, s.f_address1, s.f_address2, s.f_complete, s.f_reg_time',
    from: `map_sites m ${dialect === 'postgres' ? 'JOIN' : 'CROSS JOIN'} sites s ON s.f_idx = m.f_idx${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    orderBy: order === 'N' ? 's.f_name ASC, s.f_idx DESC' : 's.f_reg_time DESC, s.f_idx DESC',
    params,
    page,
    limit: Limits.pageSize,
  };
  if (dialect === 'postgres') return postgres.statementPage<SiteNameRow>({ db, ...list });
  const sqlite = rawSqlite(db);
  return statementPage<SiteNameRow>({ prepare: (text) => prepared(sqlite, text), ...list });
}

/**
 * What the database holds, as a text that changes with any write: on this connection
 * (total_changes) or, once committed, another (data_version). The map search's cache is
 * emptied, and its in-memory copy brought up to date, when it changes. On PostgreSQL, with a
 * pool and other server processes, the highest committed map change number (map_changes,
 * numbered in commit order): it moves with every change of a map row, whoever writes it, and a
 * search's answer depends on nothing else (a member's like marks are read per request).
 */
export async function databaseVersion({ db }: { db: DbOrTx }): Promise<string> {
  if (dialectOf(db) === 'postgres') return postgres.mapChangeMark({ db });
  return prepared(
    rawSqlite(db),
    "SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()",
  )
    .pluck()
    .get() as string;
}

/**
 * What `readMapChanges` found: nothing new, every row (read whole), or the rows of these
 * sites; `last` is the number of the last change the rows include.
 */
export type MapChanges = { last: number } & (
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'some'; ids: number[] }
);

/**
 * What the in-memory copy of map_sites (map.mirror.ts) reads to catch up, in one read
 * transaction so the change numbers and the rows come from the same snapshot: the sites whose
 * map row changed after change number `seq` (map_changes, migration 0030), or every row when
 * `seq` is negative, when the numbers went back (another database file) or when more than
 * `wholeAbove` sites changed. `begin` hears which, then `each` gets for each map row the
 * `mapColumns` of map_sites and the `siteColumns` of its site (typed constants, never input);
 * a changed site without a map row (no longer shown) gets no row. Reads nothing and answers
 * false while a transaction is open on the connection (the caller's or, on SQLite's single
 * connection, another request's): rows read then could still be rolled back.
 */
export async function readMapChanges({
  db,
  seq,
  wholeAbove,
  mapColumns,
  siteColumns,
  begin,
  each,
}: {
  db: DbOrTx;
  seq: number;
  wholeAbove: number;
  mapColumns: readonly string[];
  siteColumns: readonly string[];
  begin: (changes: MapChanges) => void;
  each: (row: unknown[]) => void;
}): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    return postgres.readMapChanges({ db, seq, wholeAbove, mapColumns, siteColumns, begin, each });
  }
  const sqlite = rawSqlite(db);
  if (sqlite.inTransaction) return false;
  const columns = [...mapColumns.map((c) => `m.${c}`), ...siteColumns.map((c) => `s.${c}`)].join(', ');
  const select = `SELECT ${columns} FROM map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx`;
  const read = sqlite.transaction((): void => {
    const last = prepared(sqlite, 'SELECT coalesce(max(f_seq), 0) FROM map_changes').pluck().get() as number;
    let ids: number[] | null = null;
    if (seq >= 0 && last >= seq) {
      if (last === seq) {
        begin({ kind: 'none', last });
        return;
      }
      ids = prepared(sqlite, 'SELECT f_idx FROM map_changes WHERE f_seq > ? ORDER BY f_seq')
        .pluck()
        .all(seq) as number[];
      if (ids.length > wholeAbove) ids = null;
    }
    begin(ids === null ? { kind: 'all', last } : { kind: 'some', ids, last });
    const rows =
      ids === null
        ? // In the table's order: a grid cell's rows then sit side by side in memory too.
          prepared(sqlite, `${select} ORDER BY m.f_cell, m.f_idx`).raw(true).iterate()
        : prepared(sqlite, `${select} WHERE m.f_idx IN (SELECT value FROM json_each(?))`)
            .raw(true)
            .iterate(JSON.stringify(ids));
    for (const row of rows as IterableIterator<unknown[]>) each(row);
  });
  read();
  return true;
}

/** The member's favourite sites. */
export async function likedSiteIds({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<number[]> {
  if (dialectOf(db) === 'postgres') return postgres.likedSiteIds({ db, userIdx });
  return prepared(rawSqlite(db), 'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ?')
    .pluck()
    .all(userIdx) as number[];
}

/** Visible sites whose search text contains a needle of three characters or more (trigram index). */
export async function siteIdsWithText({ db, needle }: { db: DbOrTx; needle: string }): Promise<number[]> {
  if (dialectOf(db) === 'postgres') return postgres.siteIdsWithText({ db, needle });
  const match = ftsMatch(needle);
  return prepared(rawSqlite(db), `SELECT rowid FROM map_fts WHERE map_fts MATCH ${match.sql}`)
    .pluck()
    .all(...match.params) as number[];
}
