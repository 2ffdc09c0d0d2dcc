import type SQLite from 'better-sqlite3';
import { jsonArraySiteColumns, type SiteDongRow, type SiteRow } from '../../sync/site-fields.ts';

/**
 * Reads sites in the wire shape (sync/site-fields.ts SiteRow) with raw statements: a pull of
 * thousands of sites with their units must stay fast. Call it while holding the database
 * connection (inside a kysely transaction or `db.connection()`), so that no other request's
 * open transaction is seen half-done.
 */

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function placeholders(n: number): string {
  return new Array(n).fill('?').join(',');
}

function parseList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '') return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

type Row = Record<string, unknown>;

export function loadSiteRows({
  sqlite,
  ids,
}: {
  sqlite: SQLite.Database;
  ids: readonly number[];
}): SiteRow[] {
  const out: SiteRow[] = [];
  for (const part of chunks(ids)) {
    const marks = placeholders(part.length);
    const sites = sqlite
      .prepare(
        `SELECT s.*, v.version AS version FROM sites s JOIN sync_site_versions v ON v.f_site_idx = s.f_idx
         WHERE s.f_idx IN (${marks})`,
      )
      .all(...part) as Row[];
    const bySite = new Map<number, SiteRow>();
    for (const site of sites) {
      for (const column of jsonArraySiteColumns) site[column] = parseList(site[column]);
      site.contacts = [];
      site.rooms = [];
      site.dongs = [];
      bySite.set(site.f_idx as number, site as unknown as SiteRow);
    }
    for (const c of sqlite
      .prepare(
        `SELECT f_site_idx, f_name, f_phone FROM site_contacts WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_order, f_idx`,
      )
      .all(...part) as Array<{ f_site_idx: number; f_name: string; f_phone: string }>) {
      bySite.get(c.f_site_idx)?.contacts.push({ f_name: c.f_name, f_phone: c.f_phone });
    }
    for (const r of sqlite
      .prepare(
        `SELECT f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong
         FROM site_rooms WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_idx`,
      )
      .all(...part) as Array<Row & { f_site_idx: number }>) {
      const { f_site_idx, ...room } = r;
      bySite.get(f_site_idx)?.rooms.push(room as SiteRow['rooms'][number]);
    }
    const dongs = new Map<number, SiteDongRow>();
    for (const d of sqlite
      .prepare(
        `SELECT f_idx, f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order
         FROM dongs WHERE f_site_idx IN (${marks}) ORDER BY f_site_idx, f_order, f_idx`,
      )
      .all(...part) as Array<Omit<SiteDongRow, 'hos'>>) {
      const dong = { ...d, hos: [] } as SiteDongRow;
      dongs.set(d.f_idx, dong);
      bySite.get(d.f_site_idx)?.dongs.push(dong);
    }
    if (dongs.size > 0) {
      for (const h of sqlite
        .prepare(`SELECT * FROM hos WHERE f_site_idx IN (${marks}) ORDER BY f_dong_idx, f_floor, f_ho, f_idx`)
        .all(...part) as Row[]) {
        const { f_site_idx: _site, f_dong_idx, f_image_urls, ...ho } = h;
        dongs
          .get(f_dong_idx as number)
          ?.hos.push({ ...ho, f_image_urls: parseList(f_image_urls) } as SiteDongRow['hos'][number]);
      }
    }
    out.push(...bySite.values());
  }
  return out;
}
