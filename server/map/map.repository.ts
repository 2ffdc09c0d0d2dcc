import type SQLite from 'better-sqlite3';
import type { CompiledSearch } from '../../sync/map/filter.ts';
import { MAP_SITE_COLUMNS, type MapMatch } from '../../sync/map/result.ts';
import { matchStatement } from './map.sql.ts';

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

type MatchTuple = [number, number, number, 'O' | 'G', 'Y' | 'N', string, number | null];

export function findMatches({
  sqlite,
  search,
  userIdx,
  indexed = true,
}: {
  sqlite: Sqlite;
  search: CompiledSearch;
  userIdx: number;
  indexed?: boolean;
}): MapMatch[] {
  const { sql, params } = matchStatement({ search, userIdx, indexed });
  const rows = prepared(sqlite, sql)
    .raw(true)
    .all(...params) as MatchTuple[];
  const out: MapMatch[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as MatchTuple;
    out[i] = { idx: r[0], lat: r[1], lng: r[2], type: r[3], complete: r[4], regTime: r[5], sortValue: r[6] };
  }
  return out;
}

const listColumns = MAP_SITE_COLUMNS.map((c) => `s.${c}`).join(', ');

/** The list rows of one page and which of them the caller likes. */
export function loadListSites({
  sqlite,
  ids,
  userIdx,
}: {
  sqlite: Sqlite;
  ids: readonly number[];
  userIdx: number;
}): { sites: Map<number, Record<string, unknown>>; liked: Set<number> } {
  if (ids.length === 0) return { sites: new Map(), liked: new Set() };
  const marks = ids.map(() => '?').join(', ');
  const rows = prepared(sqlite, `SELECT ${listColumns} FROM sites s WHERE s.f_idx IN (${marks})`).all(
    ...ids,
  ) as Array<Record<string, unknown>>;
  const liked = prepared(
    sqlite,
    `SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? AND f_site_idx IN (${marks})`,
  )
    .pluck()
    .all(userIdx, ...ids) as number[];
  return { sites: new Map(rows.map((r) => [r.f_idx as number, r])), liked: new Set(liked) };
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
  limit,
  offset,
}: {
  sqlite: Sqlite;
  needle: string;
  siteType: 'O' | 'G' | null;
  order: 'R' | 'N';
  onlyUpdatable: boolean;
  userIdx: number;
  limit: number;
  offset: number;
}): { total: number; rows: SiteNameRow[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (needle !== '') {
    if ([...needle].length >= 3) {
      where.push('f.map_fts MATCH ?');
      params.push(`"${needle.replaceAll('"', '""')}"`);
    } else {
      where.push('instr(f.text, ?) > 0');
      params.push(needle);
    }
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
  // map_fts holds exactly the visible sites, so joining it is the visibility check too.
  const from = `map_fts f CROSS JOIN sites s ON s.f_idx = f.rowid${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const total = prepared(sqlite, `SELECT COUNT(*) FROM ${from}`)
    .pluck()
    .get(...params) as number;
  const orderBy = order === 'N' ? 's.f_name ASC, s.f_idx DESC' : 's.f_reg_time DESC, s.f_idx DESC';
  const rows = prepared(
    sqlite,
    `SELECT s.f_idx, s.f_name, s.f_site_type, s.f_address1, s.f_address2, s.f_complete, s.f_reg_time
     FROM ${from} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as SiteNameRow[];
  return { total, rows };
}
