import type SQLite from 'better-sqlite3';
import { jsonArraySiteColumns, type SiteDongRow, type SiteRow } from '../../sync/site-fields.ts';
import { cached } from './statements.ts';

/**
 * Reads sites in the wire shape (sync/site-fields.ts SiteRow) with raw prepared statements:
 * a first pull lists thousands of sites and their units. Call it while holding the database
 * connection (inside a kysely transaction or `db.connection()`), so that no other request's
 * open transaction is seen half-done.
 */

const CHUNK = 512;

/** IN lists are padded to a power of two, so a handful of prepared statements serve every size. */
export function inList(ids: readonly number[]): { marks: string; params: number[] } {
  let size = 1;
  while (size < ids.length) size *= 2;
  const params = [...ids];
  while (params.length < size) params.push(ids[0] as number);
  return { marks: params.map(() => '?').join(','), params };
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function parseList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '' || text === '[]') return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

type Row = Record<string, unknown>;

/** A unit's stored fields, in one order for every read and write of the hos table. */
export const UNIT_COLUMNS = [
  'f_floor',
  'f_ho',
  'f_room',
  'f_toilet',
  'f_veranda',
  'f_utility_room',
  'f_duplex',
  'f_teras',
  'f_exclusive_size',
  'f_real_size',
  'f_memo',
  'f_image_urls',
  'f_complete',
  'f_trans_type',
  'f_sale_price',
  'f_collateral_price',
  'f_charter_price',
  'f_investment_price',
  'f_monthly_rent_deposit',
  'f_monthly_rent',
  'f_inquire_price',
  'f_inquire_charter',
  'f_inquire_investment',
  'f_inquire_month',
  'f_safe_charter',
  'f_smb',
] as const;
const HO_COLUMNS = ['f_idx', ...UNIT_COLUMNS] as const;
const IMAGE_COLUMN = HO_COLUMNS.indexOf('f_image_urls');

/** Buildings with their units, per site. */
export function loadUnits({
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
    for (const d of cached({
      sqlite,
      sql: `SELECT f_idx, f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order
       FROM dongs WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_order, f_idx`,
    }).all(...params) as Array<Omit<SiteDongRow, 'hos'>>) {
      const dong = { ...d, hos: [] } as SiteDongRow;
      dongs.set(d.f_idx, dong);
      bySite.get(d.f_site_idx)?.push(dong);
    }
    if (dongs.size === 0) continue;
    const statement = cached({
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
export function loadSiteRows({
  sqlite,
  ids,
}: {
  sqlite: SQLite.Database;
  ids: readonly number[];
}): SiteRow[] {
  const out: SiteRow[] = [];
  for (const part of chunks(ids)) {
    const { marks, params } = inList(part);
    const sites = cached({
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
    for (const c of cached({
      sqlite,
      sql: `SELECT f_site_idx, f_name, f_phone FROM site_contacts WHERE f_site_idx IN (${marks})
       ORDER BY f_site_idx, f_order, f_idx`,
    }).all(...params) as Array<{ f_site_idx: number; f_name: string; f_phone: string }>) {
      bySite.get(c.f_site_idx)?.contacts.push({ f_name: c.f_name, f_phone: c.f_phone });
    }
    for (const r of cached({
      sqlite,
      sql: `SELECT f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong
       FROM site_rooms WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_idx`,
    }).all(...params) as Array<Row & { f_site_idx: number }>) {
      const { f_site_idx, ...room } = r;
      bySite.get(f_site_idx)?.rooms.push(room as SiteRow['rooms'][number]);
    }
    const drafts = [...bySite.values()].filter((s) => s.f_status === 'P').map((s) => s.f_idx);
    if (drafts.length > 0) {
      for (const [siteIdx, dongs] of loadUnits({ sqlite, ids: drafts })) {
        const site = bySite.get(siteIdx);
        if (site) site.dongs = dongs;
      }
    }
    out.push(...bySite.values());
  }
  return out;
}
