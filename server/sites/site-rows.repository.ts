import { sql } from 'kysely';
import { jsonArraySiteColumns, type SiteDongRow, type SiteRow, unitFields } from '../../sync/site-fields.ts';
import { tableColumns } from '../db/columns.ts';
import type { DbOrTx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';

/**
 * Reads sites in the wire shape (sync/site-fields.ts SiteRow): a first pull lists thousands of
 * sites and their units. `db` is the caller's transaction (or `db.connection()`), so that no
 * other request's open transaction is seen half-done. The rows are read alike on both
 * databases; the pull's JSON of them is written by SQLite itself there (loadSiteJson), and
 * from the rows in JavaScript on PostgreSQL.
 */

const CHUNK = 512;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** A stored JSON list of strings (image URLs); anything else in it is dropped. */
function parseList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '' || text === '[]') return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

type Row = Record<string, unknown>;

/** A unit's columns with its id, in the order of sync/site-fields.ts `unitFields`. */
const HO_COLUMNS = ['f_idx', ...unitFields] as const;

/** Buildings with their units, per site. */
export async function loadUnits({
  db,
  ids,
}: {
  db: DbOrTx;
  ids: readonly number[];
}): Promise<Map<number, SiteDongRow[]>> {
  const bySite = new Map<number, SiteDongRow[]>(ids.map((id) => [id, []]));
  for (const part of chunks(ids)) {
    const dongs = new Map<number, SiteDongRow>();
    const dongRows = await db
      .selectFrom('dongs')
      .select([
        'f_idx',
        'f_site_idx',
        'f_dong',
        'f_floor_count',
        'f_units_per_floor',
        'f_editable',
        'f_order',
      ])
      .where('f_site_idx', 'in', part)
      .orderBy('f_site_idx')
      .orderBy('f_order')
      .orderBy('f_idx')
      .execute();
    for (const d of dongRows) {
      const dong = { ...d, hos: [] } as SiteDongRow;
      dongs.set(d.f_idx, dong);
      bySite.get(d.f_site_idx)?.push(dong);
    }
    if (dongs.size === 0) continue;
    const hoRows = (await db
      .selectFrom('hos')
      .select(['f_dong_idx', ...HO_COLUMNS])
      .where('f_site_idx', 'in', part)
      .orderBy('f_dong_idx')
      .orderBy('f_floor')
      .orderBy('f_ho')
      .orderBy('f_idx')
      .execute()) as Array<Row & { f_dong_idx: number }>;
    for (const { f_dong_idx, ...ho } of hoRows) {
      ho.f_image_urls = parseList(ho.f_image_urls);
      dongs.get(f_dong_idx)?.hos.push(ho as SiteDongRow['hos'][number]);
    }
  }
  return bySite;
}

/**
 * Sites with contacts and area types. A draft (P) also carries its buildings and units, as
 * its form does; a registered site's units travel as their own change (see loadUnits).
 */
export async function loadSiteRows({ db, ids }: { db: DbOrTx; ids: readonly number[] }): Promise<SiteRow[]> {
  const out: SiteRow[] = [];
  for (const part of chunks(ids)) {
    const sites = (await db
      .selectFrom('sites as s')
      .innerJoin('sync_site_versions as v', 'v.f_site_idx', 's.f_idx')
      .selectAll('s')
      .select('v.version')
      .where('s.f_idx', 'in', part)
      .execute()) as Row[];
    const bySite = new Map<number, SiteRow>();
    for (const site of sites) {
      if (bySite.has(site.f_idx as number)) continue;
      for (const column of jsonArraySiteColumns) site[column] = parseList(site[column]);
      site.contacts = [];
      site.rooms = [];
      site.dongs = [];
      bySite.set(site.f_idx as number, site as unknown as SiteRow);
    }
    const contacts = await db
      .selectFrom('site_contacts')
      .select(['f_site_idx', 'f_name', 'f_phone'])
      .where('f_site_idx', 'in', part)
      .orderBy('f_site_idx')
      .orderBy('f_order')
      .orderBy('f_idx')
      .execute();
    for (const c of contacts)
      bySite.get(c.f_site_idx)?.contacts.push({ f_name: c.f_name, f_phone: c.f_phone });
    const rooms = await db
      .selectFrom('site_rooms')
      .select([
        'f_site_idx',
        'f_room',
        'f_area',
        'f_exclusive_size',
        'f_exclusive_pyong',
        'f_real_size',
        'f_real_pyong',
      ])
      .where('f_site_idx', 'in', part)
      .orderBy('f_site_idx')
      .orderBy('f_idx')
      .execute();
    for (const { f_site_idx, ...room } of rooms) {
      bySite.get(f_site_idx)?.rooms.push(room as SiteRow['rooms'][number]);
    }
    const drafts = [...bySite.values()].filter((s) => s.f_status === 'P').map((s) => s.f_idx);
    if (drafts.length > 0) {
      for (const [siteIdx, dongs] of await loadUnits({ db, ids: drafts })) {
        const site = bySite.get(siteIdx);
        if (site) site.dongs = dongs;
      }
    }
    out.push(...bySite.values());
  }
  return out;
}

/** The SQL of a JSON list column, read as parseList reads it: its strings, else []. */
function listJson(column: string, table = 's'): string {
  const c = `${table}.${column}`;
  return `CASE WHEN ${c} = '[]' THEN '[]' WHEN json_valid(${c}) AND json_type(${c}) = 'array'
    THEN (SELECT json_group_array(value ORDER BY key) FROM json_each(${c}) WHERE type = 'text') ELSE '[]' END`;
}

interface SiteWire {
  /** The fields of a site row as the pull sends them (PullWire.site_columns). */
  columns: readonly string[];
  /** The table's own columns, as `s.*` reads them. */
  tableColumns: readonly string[];
}

/**
 * The fields of a registered site's pull row, in the order of its values: the table's own
 * columns, as `s.*` reads them (so a column added by a migration is sent too), then the version,
 * contacts, area types and buildings.
 */
export async function siteWire({ db }: { db: DbOrTx }): Promise<SiteWire> {
  const own = await tableColumns({ db, table: 'sites' });
  return { columns: [...own, 'version', 'contacts', 'rooms', 'dongs'], tableColumns: own };
}

/** The select list that writes a site's values in the wire's order as one JSON array (SQLite). */
function siteJsonSelect({ wire, viewer }: { wire: SiteWire; viewer: number }) {
  const value = (column: string) => {
    if (column === 'f_inlay_image_url') {
      return sql`json(CASE WHEN s.f_inlay_private = 'Y' AND s.f_user_idx IS NOT ${viewer} AND NOT EXISTS (
          SELECT 1 FROM group_members g WHERE g.f_user_idx = ${viewer} AND g.f_group_idx = s.f_group_idx)
        THEN '[]' ELSE ${sql.raw(listJson(column))} END)`;
    }
    return (jsonArraySiteColumns as readonly string[]).includes(column)
      ? sql.raw(`json(${listJson(column)})`)
      : sql.ref(`s.${column}`);
  };
  return sql<string>`json_array(${sql.join(wire.tableColumns.map(value))},
    v.version,
    (SELECT json_group_array(json_object('f_name', c.f_name, 'f_phone', c.f_phone) ORDER BY c.f_order, c.f_idx)
      FROM site_contacts c WHERE c.f_site_idx = s.f_idx),
    (SELECT json_group_array(json_object('f_room', r.f_room, 'f_area', r.f_area,
        'f_exclusive_size', r.f_exclusive_size, 'f_exclusive_pyong', r.f_exclusive_pyong,
        'f_real_size', r.f_real_size, 'f_real_pyong', r.f_real_pyong) ORDER BY r.f_idx)
      FROM site_rooms r WHERE r.f_site_idx = s.f_idx),
    json_array())`;
}

/**
 * The SQL of a JSON list column on PostgreSQL, read as parseList reads it: the strings of a JSON
 * array, else []. json_strings (migrations/postgres/0021_6_map.ts) answers nothing for text that
 * is not JSON; only an array's strings are kept, as parseList keeps them.
 */
function listJsonPostgres(column: string) {
  const c = sql.ref(`s.${column}`);
  return sql`CASE WHEN ${c} IS NULL OR ${c} IN ('', '[]') OR left(btrim(${c}, E' \t\n\r'), 1) <> '['
      THEN '[]'::json
      ELSE (SELECT coalesce(json_agg(e), '[]'::json) FROM json_strings(${c}) AS e) END`;
}

/**
 * The select list that writes a site's values in the wire's order as one JSON array
 * (PostgreSQL): the rows of a first pull leave the database as one text each, which the driver
 * reads far faster than dozens of typed columns a row (about 4 times, 2026-11-27).
 */
function siteJsonSelectPostgres({ wire, viewer }: { wire: SiteWire; viewer: number }) {
  const value = (column: string) => {
    if (column === 'f_inlay_image_url') {
      return sql`CASE WHEN s.f_inlay_private = 'Y' AND s.f_user_idx IS DISTINCT FROM ${viewer}::bigint AND NOT EXISTS (
          SELECT 1 FROM group_members g WHERE g.f_user_idx = ${viewer}::bigint AND g.f_group_idx = s.f_group_idx)
        THEN '[]'::json ELSE ${listJsonPostgres(column)} END`;
    }
    return (jsonArraySiteColumns as readonly string[]).includes(column)
      ? listJsonPostgres(column)
      : sql.ref(`s.${column}`);
  };
  // json_build_array takes at most 100 arguments: the values go in as arrays of up to 90 whose
  // texts are spliced ('[a, b]' and '[c]' make '[a, b, c]'); json, not jsonb, is written as it is built.
  const values = [
    ...wire.tableColumns.map(value),
    sql`v.version`,
    sql`(SELECT coalesce(json_agg(json_build_object('f_name', c.f_name, 'f_phone', c.f_phone) ORDER BY c.f_order, c.f_idx), '[]')
      FROM site_contacts c WHERE c.f_site_idx = s.f_idx)`,
    sql`(SELECT coalesce(json_agg(json_build_object('f_room', r.f_room, 'f_area', r.f_area,
        'f_exclusive_size', r.f_exclusive_size, 'f_exclusive_pyong', r.f_exclusive_pyong,
        'f_real_size', r.f_real_size, 'f_real_pyong', r.f_real_pyong) ORDER BY r.f_idx), '[]')
      FROM site_rooms r WHERE r.f_site_idx = s.f_idx)`,
    sql`'[]'::json`,
  ];
  const parts: ReturnType<typeof sql>[] = [];
  for (let i = 0; i < values.length; i += 90) {
    parts.push(sql`json_build_array(${sql.join(values.slice(i, i + 90))})::text`);
  }
  return sql<string>`(${sql.join(
    parts.map((part, i) =>
      parts.length === 1
        ? part
        : i === 0
          ? sql`left(${part}, -1)`
          : i === parts.length - 1
            ? sql`', ' || substr(${part}, 2)`
            : sql`', ' || substr(left(${part}, -1), 2)`,
    ),
    sql` || `,
  )})`;
}

/** A site's values in the wire's order as JSON, built from its row, private inlay pictures kept from outsiders. */
function siteJsonOfRow({
  wire,
  row,
  viewer,
  groups,
}: {
  wire: SiteWire;
  row: SiteRow;
  viewer: number;
  groups: ReadonlySet<number>;
}): string {
  const hidden =
    row.f_inlay_private === 'Y' &&
    row.f_user_idx !== viewer &&
    !(row.f_group_idx !== null && groups.has(row.f_group_idx));
  const values: Record<string, unknown> = hidden ? { ...row, f_inlay_image_url: [] } : row;
  return JSON.stringify(wire.columns.map((c) => values[c]));
}

async function groupsOf({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<Set<number>> {
  const rows = await db
    .selectFrom('group_members')
    .select('f_group_idx')
    .where('f_user_idx', '=', userIdx)
    .execute();
  return new Set(rows.map((r) => r.f_group_idx));
}

/**
 * Sites as their pull values in JSON (see siteWire), as `viewer` may see them. A first pull
 * lists thousands of sites: on SQLite, the database writing the JSON takes a third of the time
 * of building the rows in JavaScript and serialising them; on PostgreSQL they are built from
 * loadSiteRows' rows. Drafts (P) carry their units, which the SQLite select does not write:
 * they are built from the rows too (a member has few drafts).
 */
export async function loadSiteJson({
  db,
  ids,
  viewer,
}: {
  db: DbOrTx;
  ids: readonly number[];
  viewer: number;
}): Promise<Map<number, { status: string; json: string }>> {
  const out = new Map<number, { status: string; json: string }>();
  const wire = await siteWire({ db });
  const fromRows: number[] = [];
  const select =
    dialectOf(db) === 'postgres'
      ? siteJsonSelectPostgres({ wire, viewer })
      : siteJsonSelect({ wire, viewer });
  for (const part of chunks(ids)) {
    const rows = await sql<{ f_idx: number; f_status: string; json: string }>`SELECT s.f_idx, s.f_status,
        ${select} AS json
      FROM sites s JOIN sync_site_versions v ON v.f_site_idx = s.f_idx
      WHERE s.f_idx IN (${sql.join(part)})`.execute(db);
    for (const { f_idx, f_status, json } of rows.rows) {
      if (f_status === 'P') fromRows.push(f_idx);
      else out.set(f_idx, { status: f_status, json });
    }
  }
  if (fromRows.length === 0) return out;
  const groups = await groupsOf({ db, userIdx: viewer });
  for (const row of await loadSiteRows({ db, ids: fromRows })) {
    out.set(row.f_idx, { status: row.f_status, json: siteJsonOfRow({ wire, row, viewer, groups }) });
  }
  return out;
}

const unitsJsonSelect = sql.raw(`json_group_array(json_object(
    'f_idx', d.f_idx, 'f_site_idx', d.f_site_idx, 'f_dong', d.f_dong, 'f_floor_count', d.f_floor_count,
    'f_units_per_floor', d.f_units_per_floor, 'f_editable', d.f_editable, 'f_order', d.f_order,
    'hos', (SELECT json_group_array(json_object(${HO_COLUMNS.map((c) =>
      c === 'f_image_urls' ? `'${c}', json(${listJson(c, 'h')})` : `'${c}', h.${c}`,
    ).join(', ')}) ORDER BY h.f_floor, h.f_ho, h.f_idx) FROM hos h WHERE h.f_dong_idx = d.f_idx)
  ) ORDER BY d.f_order, d.f_idx)`);

/**
 * Each site's buildings with their units as JSON (the `dongs` of a units change), as loadUnits
 * builds them; `[]` for a site with none. Written by SQLite for the reason loadSiteJson is; from
 * loadUnits' rows on PostgreSQL.
 */
export async function loadUnitsJson({
  db,
  ids,
}: {
  db: DbOrTx;
  ids: readonly number[];
}): Promise<Map<number, string>> {
  if (dialectOf(db) === 'postgres') {
    const units = await loadUnits({ db, ids });
    return new Map(ids.map((id) => [id, JSON.stringify(units.get(id) ?? [])]));
  }
  const out = new Map<number, string>(ids.map((id) => [id, '[]']));
  for (const part of chunks(ids)) {
    const rows = await sql<{
      f_site_idx: number;
      json: string;
    }>`SELECT d.f_site_idx, ${unitsJsonSelect} AS json
      FROM dongs d WHERE d.f_site_idx IN (${sql.join(part)}) GROUP BY d.f_site_idx`.execute(db);
    for (const { f_site_idx, json } of rows.rows) out.set(f_site_idx, json);
  }
  return out;
}
