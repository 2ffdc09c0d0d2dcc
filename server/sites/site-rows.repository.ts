import type SQLite from 'better-sqlite3';
import { jsonArraySiteColumns, type SiteDongRow, type SiteRow, unitFields } from '../../sync/site-fields.ts';
import { type DbOrTx, rawSqlite } from '../db/database.ts';
import { inList } from '../db/keyed-rows.ts';
import { cachedOn } from '../db/statements.ts';

/**
 * Reads sites in the wire shape (sync/site-fields.ts SiteRow) with raw prepared statements:
 * a first pull lists thousands of sites and their units. `db` is the caller's transaction (or
 * `db.connection()`), so that no other request's open transaction is seen half-done.
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
const IMAGE_COLUMN = HO_COLUMNS.indexOf('f_image_urls');

/** Buildings with their units, per site. */
export async function loadUnits({
  db,
  ids,
}: {
  db: DbOrTx;
  ids: readonly number[];
}): Promise<Map<number, SiteDongRow[]>> {
  return unitsOn({ sqlite: rawSqlite(db), ids });
}

function unitsOn({
  sqlite,
  ids,
}: {
  sqlite: SQLite.Database;
  ids: readonly number[];
}): Map<number, SiteDongRow[]> {
  const bySite = new Map<number, SiteDongRow[]>(ids.map((id) => [id, []]));
  for (const part of chunks(ids)) {
    const { marks, params } = inList(part);
    const dongs = new Map<number, SiteDongRow>();
    for (const d of cachedOn({
      sqlite,
      sql: `SELECT f_idx, f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order
       FROM dongs WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_order, f_idx`,
    }).all(...params) as Array<Omit<SiteDongRow, 'hos'>>) {
      const dong = { ...d, hos: [] } as SiteDongRow;
      dongs.set(d.f_idx, dong);
      bySite.get(d.f_site_idx)?.push(dong);
    }
    if (dongs.size === 0) continue;
    const statement = cachedOn({
      sqlite,
      sql: `SELECT f_dong_idx, ${HO_COLUMNS.join(', ')} FROM hos WHERE f_site_idx IN (${marks})
       ORDER BY f_dong_idx, f_floor, f_ho, f_idx`,
    });
    for (const values of statement.raw(true).all(...params) as unknown[][]) {
      const ho: Record<string, unknown> = {};
      for (let c = 0; c < HO_COLUMNS.length; c++) {
        ho[HO_COLUMNS[c] as string] = c === IMAGE_COLUMN ? parseList(values[c + 1]) : values[c + 1];
      }
      dongs.get(values[0] as number)?.hos.push(ho as SiteDongRow['hos'][number]);
    }
    statement.raw(false);
  }
  return bySite;
}

/**
 * Sites with contacts and area types. A draft (P) also carries its buildings and units, as
 * its form does; a registered site's units travel as their own change (see loadUnits).
 */
export async function loadSiteRows({ db, ids }: { db: DbOrTx; ids: readonly number[] }): Promise<SiteRow[]> {
  return siteRowsOn({ sqlite: rawSqlite(db), ids });
}

function siteRowsOn({ sqlite, ids }: { sqlite: SQLite.Database; ids: readonly number[] }): SiteRow[] {
  const out: SiteRow[] = [];
  for (const part of chunks(ids)) {
    const { marks, params } = inList(part);
    const sites = cachedOn({
      sqlite,
      sql: `SELECT s.*, v.version AS version FROM sites s JOIN sync_site_versions v ON v.f_site_idx = s.f_idx
       WHERE s.f_idx IN (${marks})`,
    }).all(...params) as Row[];
    const bySite = new Map<number, SiteRow>();
    for (const site of sites) {
      if (bySite.has(site.f_idx as number)) continue;
      for (const column of jsonArraySiteColumns) site[column] = parseList(site[column]);
      site.contacts = [];
      site.rooms = [];
      site.dongs = [];
      bySite.set(site.f_idx as number, site as unknown as SiteRow);
    }
    for (const c of cachedOn({
      sqlite,
      sql: `SELECT f_site_idx, f_name, f_phone FROM site_contacts WHERE f_site_idx IN (${marks})
       ORDER BY f_site_idx, f_order, f_idx`,
    }).all(...params) as Array<{ f_site_idx: number; f_name: string; f_phone: string }>) {
      bySite.get(c.f_site_idx)?.contacts.push({ f_name: c.f_name, f_phone: c.f_phone });
    }
    for (const r of cachedOn({
      sqlite,
      sql: `SELECT f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong
       FROM site_rooms WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_idx`,
    }).all(...params) as Array<Row & { f_site_idx: number }>) {
      const { f_site_idx, ...room } = r;
      bySite.get(f_site_idx)?.rooms.push(room as SiteRow['rooms'][number]);
    }
    const drafts = [...bySite.values()].filter((s) => s.f_status === 'P').map((s) => s.f_idx);
    if (drafts.length > 0) {
      for (const [siteIdx, dongs] of unitsOn({ sqlite, ids: drafts })) {
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
  /** The select list that writes a site's values in that order as one JSON array. */
  select: string;
}

const siteWires = new WeakMap<SQLite.Database, SiteWire>();

/**
 * A registered site's pull row, written by SQLite as the JSON array of its values: the same
 * fields loadSiteRows builds, with no JavaScript object made on the way. The columns are the
 * table's own, as `s.*` reads them, so a column added by a migration is sent too. Private
 * inlay pictures are left out for a viewer who is not the owner or in the site's group.
 */
export async function siteWire({ db }: { db: DbOrTx }): Promise<SiteWire> {
  return siteWireOn(rawSqlite(db));
}

function siteWireOn(sqlite: SQLite.Database): SiteWire {
  let wire = siteWires.get(sqlite);
  if (wire) return wire;
  const tableColumns = (sqlite.prepare('PRAGMA table_info(sites)').all() as Array<{ name: string }>).map(
    (c) => c.name,
  );
  const value = (column: string) => {
    if (column === 'f_inlay_image_url') {
      return `json(CASE WHEN s.f_inlay_private = 'Y' AND s.f_user_idx IS NOT @viewer AND NOT EXISTS (
          SELECT 1 FROM group_members g WHERE g.f_user_idx = @viewer AND g.f_group_idx = s.f_group_idx)
        THEN '[]' ELSE ${listJson(column)} END)`;
    }
    return (jsonArraySiteColumns as readonly string[]).includes(column)
      ? `json(${listJson(column)})`
      : `s.${column}`;
  };
  wire = {
    columns: [...tableColumns, 'version', 'contacts', 'rooms', 'dongs'],
    select: `json_array(${tableColumns.map(value).join(', ')},
    v.version,
    (SELECT json_group_array(json_object('f_name', c.f_name, 'f_phone', c.f_phone) ORDER BY c.f_order, c.f_idx)
      FROM site_contacts c WHERE c.f_site_idx = s.f_idx),
    (SELECT json_group_array(json_object('f_room', r.f_room, 'f_area', r.f_area,
        'f_exclusive_size', r.f_exclusive_size, 'f_exclusive_pyong', r.f_exclusive_pyong,
        'f_real_size', r.f_real_size, 'f_real_pyong', r.f_real_pyong) ORDER BY r.f_idx)
      FROM site_rooms r WHERE r.f_site_idx = s.f_idx),
    json_array())`,
  };
  siteWires.set(sqlite, wire);
  return wire;
}

/**
 * Sites as their pull values in JSON (see siteWire), as `viewer` may see them. A first pull
 * lists thousands of sites: SQLite writing the JSON takes a third of the time of building the
 * rows in JavaScript and serialising them. Drafts (P) carry their units, which this select
 * does not write: they are built by loadSiteRows (a member has few drafts).
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
  const sqlite = rawSqlite(db);
  const out = new Map<number, { status: string; json: string }>();
  const drafts: number[] = [];
  const wire = siteWireOn(sqlite);
  for (const part of chunks(ids)) {
    const { marks, params } = inList(part);
    const statement = cachedOn({
      sqlite,
      sql: `SELECT s.f_idx, s.f_status, ${wire.select}
        FROM sites s JOIN sync_site_versions v ON v.f_site_idx = s.f_idx WHERE s.f_idx IN (${marks})`,
    });
    for (const [siteIdx, status, json] of statement.raw(true).all({ viewer }, ...params) as Array<
      [number, string, string]
    >) {
      if (status === 'P') drafts.push(siteIdx);
      else out.set(siteIdx, { status, json });
    }
    statement.raw(false);
  }
  if (drafts.length === 0) return out;
  const groups = new Set(
    cachedOn({ sqlite, sql: 'SELECT f_group_idx FROM group_members WHERE f_user_idx = ?' })
      .pluck()
      .all(viewer) as number[],
  );
  for (const draft of siteRowsOn({ sqlite, ids: drafts })) {
    const hidden =
      draft.f_inlay_private === 'Y' &&
      draft.f_user_idx !== viewer &&
      !(draft.f_group_idx !== null && groups.has(draft.f_group_idx));
    const row: Record<string, unknown> = hidden ? { ...draft, f_inlay_image_url: [] } : draft;
    out.set(draft.f_idx, { status: draft.f_status, json: JSON.stringify(wire.columns.map((c) => row[c])) });
  }
  return out;
}

const unitsJsonSelect = `json_group_array(json_object(
    'f_idx', d.f_idx, 'f_site_idx', d.f_site_idx, 'f_dong', d.f_dong, 'f_floor_count', d.f_floor_count,
    'f_units_per_floor', d.f_units_per_floor, 'f_editable', d.f_editable, 'f_order', d.f_order,
    'hos', (SELECT json_group_array(json_object(${HO_COLUMNS.map((c) =>
      c === 'f_image_urls' ? `'${c}', json(${listJson(c, 'h')})` : `'${c}', h.${c}`,
    ).join(', ')}) ORDER BY h.f_floor, h.f_ho, h.f_idx) FROM hos h WHERE h.f_dong_idx = d.f_idx)
  ) ORDER BY d.f_order, d.f_idx)`;

/**
 * Each site's buildings with their units as JSON (the `dongs` of a units change), as loadUnits
 * builds them; `[]` for a site with none. Written by SQLite for the reason loadSiteJson is.
 */
export async function loadUnitsJson({
  db,
  ids,
}: {
  db: DbOrTx;
  ids: readonly number[];
}): Promise<Map<number, string>> {
  const sqlite = rawSqlite(db);
  const out = new Map<number, string>(ids.map((id) => [id, '[]']));
  for (const part of chunks(ids)) {
    const { marks, params } = inList(part);
    const statement = cachedOn({
      sqlite,
      sql: `SELECT d.f_site_idx, ${unitsJsonSelect} FROM dongs d WHERE d.f_site_idx IN (${marks}) GROUP BY d.f_site_idx`,
    });
    for (const [siteIdx, json] of statement.raw(true).all(...params) as Array<[number, string]>) {
      out.set(siteIdx, json);
    }
    statement.raw(false);
  }
  return out;
}
