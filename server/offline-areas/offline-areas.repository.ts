import type SQLite from 'better-sqlite3';
import { SITE_FIELDS } from '../../sync/map/filter.ts';
import { MAP_SITE_COLUMNS } from '../../sync/map/result.ts';
import type { ViewBox } from '../../sync/offline-areas/offline-areas.ts';
import { type DbOrTx, rawSqlite } from '../db/database.ts';

type Sqlite = SQLite.Database;

/** map_sites columns that only place the row in the server's grid: the device does not search by them. */
const GRID_ONLY = new Set(['f_cell', 'f_lat_e6', 'f_lng_e6']);

const selects = new WeakMap<
  Sqlite,
  {
    columns: string[];
    select: string;
    page: SQLite.Statement;
    counts: SQLite.Statement;
    boxPages: Map<string, SQLite.Statement>;
  }
>();

/**
 * A box as the map search reads one (server/map/map.sql.ts 'box': both edges included), narrowed
 * first by the grid cells whose R*Tree rectangle meets it.
 */
const IN_BOX = `m.f_cell IN (SELECT id FROM map_cells WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?)
  AND m.f_latitude BETWEEN ? AND ? AND m.f_longitude BETWEEN ? AND ?`;
const boxParams = (b: ViewBox) => [b.south, b.north, b.west, b.east, b.south, b.north, b.west, b.east];

/**
 * An area's rows are map_sites' (the filter fields and the unit summaries the server's search
 * reads, so the device filters with the same values) plus the list and filter fields only `sites`
 * holds (name, address, status).
 * map_sites holds exactly the sites the map may show, so joining it is the visibility check too.
 */
function statements(sqlite: Sqlite) {
  let found = selects.get(sqlite);
  if (found) return found;
  const mapColumns = (sqlite.prepare('PRAGMA table_info(map_sites)').all() as Array<{ name: string }>)
    .map((c) => c.name)
    .filter((c) => !GRID_ONLY.has(c));
  const fromSites = [...new Set<string>([...MAP_SITE_COLUMNS, ...SITE_FIELDS])].filter(
    (c) => !mapColumns.includes(c),
  );
  const columns = [...mapColumns, ...fromSites];
  const select = [...mapColumns.map((c) => `m.${c}`), ...fromSites.map((c) => `s.${c}`)].join(', ');
  found = {
    columns,
    select,
    boxPages: new Map(),
    // Walks sites in index order from the cursor and stops at a full page: one scan for all pages.
    page: sqlite.prepare(
      `SELECT ${select} FROM sites s CROSS JOIN map_sites m ON m.f_idx = s.f_idx
       WHERE s.f_idx > ? AND substr(s.f_bjd_code, 1, 5) = ?
       ORDER BY s.f_idx LIMIT ?`,
    ),
    counts: sqlite.prepare(
      `SELECT substr(s.f_bjd_code, 1, 5) AS code, count(*) AS n
       FROM map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx
       WHERE s.f_bjd_code IS NOT NULL GROUP BY code`,
    ),
  };
  selects.set(sqlite, found);
  return found;
}

/** Map sites per 시/군/구 code. */
export async function siteCountsByDistrict({ db }: { db: DbOrTx }): Promise<Map<string, number>> {
  const rows = statements(rawSqlite(db)).counts.all() as Array<{ code: string; n: number }>;
  return new Map(rows.map((r) => [r.code, r.n]));
}

export async function areaSitesPage({
  db,
  code,
  afterIdx,
  limit,
}: {
  db: DbOrTx;
  code: string;
  afterIdx: number;
  limit: number;
}): Promise<{ columns: string[]; rows: unknown[][] }> {
  const sqlite = rawSqlite(db);
  const s = statements(sqlite);
  return { columns: s.columns, rows: s.page.raw(true).all(afterIdx, code, limit) as unknown[][] };
}

/**
 * One page of the map sites inside a box (of one 시/군/구 when `code` is given), in site order after
 * `afterIdx`: the same columns as an area's page.
 */
export async function boxSitesPage({
  db,
  box,
  code,
  afterIdx,
  limit,
}: {
  db: DbOrTx;
  box: ViewBox;
  code: string | null;
  afterIdx: number;
  limit: number;
}): Promise<{ columns: string[]; rows: unknown[][] }> {
  const sqlite = rawSqlite(db);
  const s = statements(sqlite);
  const key = code === null ? 'box' : 'box+code';
  let page = s.boxPages.get(key);
  if (!page) {
    page = sqlite.prepare(
      `SELECT ${s.select} FROM map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx
       WHERE ${IN_BOX} AND m.f_idx > ? ${code === null ? '' : 'AND substr(s.f_bjd_code, 1, 5) = ?'}
       ORDER BY m.f_idx LIMIT ?`,
    );
    s.boxPages.set(key, page);
  }
  const params = [...boxParams(box), afterIdx, ...(code === null ? [] : [code]), limit];
  return { columns: s.columns, rows: page.raw(true).all(...params) as unknown[][] };
}

/** Map sites inside a box. */
export async function countBoxSites({ db, box }: { db: DbOrTx; box: ViewBox }): Promise<number> {
  return rawSqlite(db)
    .prepare(`SELECT count(*) FROM map_sites m WHERE ${IN_BOX}`)
    .pluck()
    .get(...boxParams(box)) as number;
}

/** The 시/군/구 code of the map site inside the box nearest to a point, if any. */
export async function nearestSiteDistrict({
  db,
  box,
  lat,
  lng,
}: {
  db: DbOrTx;
  box: ViewBox;
  lat: number;
  lng: number;
}): Promise<string | null> {
  const code = rawSqlite(db)
    .prepare(
      `SELECT substr(s.f_bjd_code, 1, 5) FROM map_sites m CROSS JOIN sites s ON s.f_idx = m.f_idx
       WHERE ${IN_BOX} AND s.f_bjd_code IS NOT NULL
       ORDER BY (m.f_latitude - ?) * (m.f_latitude - ?) + (m.f_longitude - ?) * (m.f_longitude - ?) LIMIT 1`,
    )
    .pluck()
    .get(...boxParams(box), lat, lat, lng, lng) as string | undefined;
  return code ?? null;
}

/** The 시/군/구 whose centre is nearest to a point (districts with a centre). */
export async function nearestAreaByCentre({ db, lat, lng }: { db: DbOrTx; lat: number; lng: number }) {
  return rawSqlite(db)
    .prepare(
      `SELECT f_idx, f_area, f_district, f_code FROM areas WHERE f_latitude IS NOT NULL AND f_longitude IS NOT NULL
       ORDER BY (f_latitude - ?) * (f_latitude - ?) + (f_longitude - ?) * (f_longitude - ?) LIMIT 1`,
    )
    .get(lat, lat, lng, lng) as AreaRow | undefined;
}

export async function findAreaByCode({
  db,
  code,
}: {
  db: DbOrTx;
  code: string;
}): Promise<AreaRow | undefined> {
  return rawSqlite(db)
    .prepare('SELECT f_idx, f_area, f_district, f_code FROM areas WHERE f_code = ?')
    .get(code) as AreaRow | undefined;
}

export interface AreaRow {
  f_idx: number;
  f_area: string;
  f_district: string;
  f_code: string;
}

export async function listAreas({ db }: { db: DbOrTx }): Promise<AreaRow[]> {
  return rawSqlite(db)
    .prepare('SELECT f_idx, f_area, f_district, f_code FROM areas ORDER BY f_idx')
    .all() as AreaRow[];
}

export async function findArea({ db, idx }: { db: DbOrTx; idx: number }): Promise<AreaRow | undefined> {
  return rawSqlite(db)
    .prepare('SELECT f_idx, f_area, f_district, f_code FROM areas WHERE f_idx = ?')
    .get(idx) as AreaRow | undefined;
}
