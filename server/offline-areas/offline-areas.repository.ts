import { type RawBuilder, sql } from 'kysely';
import { SITE_FIELDS } from '../../sync/map/filter.ts';
import { MAP_SITE_COLUMNS } from '../../sync/map/result.ts';
import type { ViewBox } from '../../sync/offline-areas/offline-areas.ts';
import { tableColumns } from '../db/columns.ts';
import type { DbOrTx } from '../db/database.ts';
import { byDialect } from '../db/dialect.ts';

/**
 * map_sites columns the device does not search by: those that only place the row in the
 * server's grid, and PostgreSQL's keyword column (its trigram index reads it).
 */
const SERVER_ONLY = new Set(['f_cell', 'f_lat_e6', 'f_lng_e6', 'f_search']);

/**
 * A box as the map search reads one (server/map/map.sql.ts 'box': both edges included), narrowed
 * first by an index: on SQLite the grid cells whose R*Tree rectangle meets it, on PostgreSQL the
 * GiST index on each row's position (migrations/postgres/0021_6_map.ts map_sites_position).
 */
function inBox({ db, box: b }: { db: DbOrTx; box: ViewBox }): RawBuilder<unknown> {
  const exact = sql`m.f_latitude BETWEEN ${b.south} AND ${b.north} AND m.f_longitude BETWEEN ${b.west} AND ${b.east}`;
  return byDialect(db, {
    sqlite: sql`m.f_cell IN (SELECT id FROM map_cells
        WHERE max_lat >= ${b.south} AND min_lat <= ${b.north} AND max_lng >= ${b.west} AND min_lng <= ${b.east})
      AND ${exact}`,
    postgres: sql`point(m.f_longitude, m.f_latitude) <@ box(point(${b.west}, ${b.south}), point(${b.east}, ${b.north}))
      AND ${exact}`,
  });
}

/**
 * Map sites `m` joined to their sites `s`. SQLite's CROSS JOIN keeps the tables in the order
 * written (its planner would otherwise start from the wrong one); PostgreSQL has no such hint
 * and needs none.
 */
function joined({ db, first }: { db: DbOrTx; first: 'sites' | 'map_sites' }): RawBuilder<unknown> {
  const join = byDialect(db, { sqlite: sql`CROSS JOIN`, postgres: sql`JOIN` });
  return first === 'sites'
    ? sql`sites s ${join} map_sites m ON m.f_idx = s.f_idx`
    : sql`map_sites m ${join} sites s ON s.f_idx = m.f_idx`;
}

/**
 * An area's rows are map_sites' (the filter fields and the unit summaries the server's search
 * reads, so the device filters with the same values) plus the list and filter fields only `sites`
 * holds (name, address, status).
 * map_sites holds exactly the sites the map may show, so joining it is the visibility check too.
 */
async function areaColumns(db: DbOrTx): Promise<{ columns: string[]; select: RawBuilder<unknown> }> {
  const mapColumns = (await tableColumns({ db, table: 'map_sites' })).filter((c) => !SERVER_ONLY.has(c));
  const fromSites = [...new Set<string>([...MAP_SITE_COLUMNS, ...SITE_FIELDS])].filter(
    (c) => !mapColumns.includes(c),
  );
  return {
    columns: [...mapColumns, ...fromSites],
    select: sql.join([
      ...mapColumns.map((c) => sql.ref(`m.${c}`)),
      ...fromSites.map((c) => sql.ref(`s.${c}`)),
    ]),
  };
}

/** Rows as the lists of their values in `columns`' order (what an area page sends). */
function valuesOf({
  rows,
  columns,
}: {
  rows: Array<Record<string, unknown>>;
  columns: string[];
}): unknown[][] {
  return rows.map((row) => columns.map((c) => row[c]));
}

/** Map sites per 시/군/구 code. */
export async function siteCountsByDistrict({ db }: { db: DbOrTx }): Promise<Map<string, number>> {
  const rows = await sql<{ code: string; n: number }>`SELECT substr(s.f_bjd_code, 1, 5) AS code, count(*) AS n
    FROM ${joined({ db, first: 'map_sites' })}
    WHERE s.f_bjd_code IS NOT NULL GROUP BY substr(s.f_bjd_code, 1, 5)`.execute(db);
  return new Map(rows.rows.map((r) => [r.code, r.n]));
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
  const { columns, select } = await areaColumns(db);
  // Walks sites in index order from the cursor and stops at a full page: one scan for all pages.
  const rows = await sql<Record<string, unknown>>`SELECT ${select} FROM ${joined({ db, first: 'sites' })}
    WHERE s.f_idx > ${afterIdx} AND substr(s.f_bjd_code, 1, 5) = ${code}
    ORDER BY s.f_idx LIMIT ${limit}`.execute(db);
  return { columns, rows: valuesOf({ rows: rows.rows, columns }) };
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
  const { columns, select } = await areaColumns(db);
  const ofCode = code === null ? sql`` : sql`AND substr(s.f_bjd_code, 1, 5) = ${code}`;
  const rows = await sql<Record<string, unknown>>`SELECT ${select} FROM ${joined({ db, first: 'map_sites' })}
    WHERE ${inBox({ db, box })} AND m.f_idx > ${afterIdx} ${ofCode}
    ORDER BY m.f_idx LIMIT ${limit}`.execute(db);
  return { columns, rows: valuesOf({ rows: rows.rows, columns }) };
}

/** Map sites inside a box. */
export async function countBoxSites({ db, box }: { db: DbOrTx; box: ViewBox }): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM map_sites m WHERE ${inBox({ db, box })}`.execute(db);
  return rows.rows[0]?.n ?? 0;
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
  const rows = await sql<{ code: string }>`SELECT substr(s.f_bjd_code, 1, 5) AS code
    FROM ${joined({ db, first: 'map_sites' })}
    WHERE ${inBox({ db, box })} AND s.f_bjd_code IS NOT NULL
    ORDER BY (m.f_latitude - ${lat}) * (m.f_latitude - ${lat}) + (m.f_longitude - ${lng}) * (m.f_longitude - ${lng})
    LIMIT 1`.execute(db);
  return rows.rows[0]?.code ?? null;
}

/** The 시/군/구 whose centre is nearest to a point (districts with a centre). */
export async function nearestAreaByCentre({
  db,
  lat,
  lng,
}: {
  db: DbOrTx;
  lat: number;
  lng: number;
}): Promise<AreaRow | undefined> {
  return db
    .selectFrom('areas')
    .select(['f_idx', 'f_area', 'f_district', 'f_code'])
    .where('f_latitude', 'is not', null)
    .where('f_longitude', 'is not', null)
    .orderBy(
      sql`(f_latitude - ${lat}) * (f_latitude - ${lat}) + (f_longitude - ${lng}) * (f_longitude - ${lng})`,
    )
    .limit(1)
    .executeTakeFirst();
}

export async function findAreaByCode({
  db,
  code,
}: {
  db: DbOrTx;
  code: string;
}): Promise<AreaRow | undefined> {
  return db
    .selectFrom('areas')
    .select(['f_idx', 'f_area', 'f_district', 'f_code'])
    .where('f_code', '=', code)
    .executeTakeFirst();
}

export interface AreaRow {
  f_idx: number;
  f_area: string;
  f_district: string;
  f_code: string;
}

export async function listAreas({ db }: { db: DbOrTx }): Promise<AreaRow[]> {
  return db
    .selectFrom('areas')
    .select(['f_idx', 'f_area', 'f_district', 'f_code'])
    .orderBy('f_idx')
    .execute();
}

export async function findArea({ db, idx }: { db: DbOrTx; idx: number }): Promise<AreaRow | undefined> {
  return db
    .selectFrom('areas')
    .select(['f_idx', 'f_area', 'f_district', 'f_code'])
    .where('f_idx', '=', idx)
    .executeTakeFirst();
}
