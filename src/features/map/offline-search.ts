import { areaSearchRow, type SearchRow, toSearchRow } from '../../../sync/map/evaluate.ts';
import type { MapQuery, MapSearchResult } from '../../../sync/map/query.ts';
import { searchRows } from '../../../sync/map/search-memory.ts';
import { type LocalDb, type LocalSite, localDb } from '../../db/db.ts';

type Row = Record<string, unknown>;

/** A site's area types as the synced row carries them (`rooms`, like the site detail's room_list). */
function roomsOf(site: LocalSite): readonly Row[] {
  const rooms = (site as Row).rooms ?? (site as Row).room_list;
  return Array.isArray(rooms) ? (rooms as Row[]) : [];
}

/**
 * Units by site. The sync engine keeps a building's units inside its record (`dongs.hos`);
 * a store still holding the first schema's separate `hos` table is read too.
 */
async function unitsBySite(db: LocalDb): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>();
  const add = (siteIdx: number, units: readonly Row[]) => {
    const list = out.get(siteIdx);
    if (list) list.push(...units);
    else out.set(siteIdx, [...units]);
  };
  for (const dong of await db.dongs.toArray()) {
    const units = (dong as Row).hos;
    if (Array.isArray(units)) add(dong.f_site_idx, units as Row[]);
  }
  if (db.tables.some((t) => t.name === 'hos')) {
    for (const unit of (await db.table('hos').toArray()) as Array<Row & { f_site_idx: number }>) {
      add(unit.f_site_idx, [unit]);
    }
  }
  return out;
}

/**
 * The sites this device holds (own, group, liked and recently viewed, as the sync engine
 * stored them) as search rows. Read-only: the sync engine is the only writer of these tables.
 */
export async function loadOfflineRows(db: LocalDb = localDb): Promise<SearchRow[]> {
  const [sites, likes, units] = await Promise.all([db.sites.toArray(), db.likes.toArray(), unitsBySite(db)]);
  const liked = new Set(likes.map((l) => l.f_site_idx));
  return sites.map((site) =>
    toSearchRow({
      site,
      rooms: roomsOf(site),
      units: units.get(site.f_idx) ?? [],
      liked: liked.has(site.f_idx),
    }),
  );
}

/**
 * The device's own rows plus the sites of the areas kept offline (src/features/offline-areas):
 * a site in both is the sync store's copy (newer, with its units), and an area's site the member
 * liked is marked so.
 */
async function withKeptAreas({
  db,
  own,
}: {
  db: LocalDb;
  own: SearchRow[];
}): Promise<{ rows: SearchRow[]; areas: string[] }> {
  // Its own chunk: the map names no more chunks for the entry to preload.
  const { keptAreaRows, keptAreaName } = await import('../offline-areas/kept-areas.ts');
  const kept = await keptAreaRows({ toRow: areaSearchRow });
  if (kept.rows.length === 0) return { rows: own, areas: [] };
  const have = new Set(own.map((r) => Number(r.site.f_idx)));
  const liked = new Set((await db.likes.toArray()).map((l) => l.f_site_idx));
  const rows = [...own];
  for (const row of kept.rows) {
    const idx = Number(row.site.f_idx);
    if (have.has(idx)) continue;
    rows.push(liked.has(idx) ? { ...row, liked: true } : row);
  }
  return { rows, areas: kept.areas.map(keptAreaName) };
}

/** The map search without a network, with the names of the kept areas it covered. */
export async function searchOfflineWithAreas({
  query,
  db = localDb,
}: {
  query: MapQuery;
  db?: LocalDb;
}): Promise<{ result: MapSearchResult; areas: string[] }> {
  const { rows, areas } = await withKeptAreas({ db, own: await loadOfflineRows(db) });
  return { result: searchRows({ query, rows }), areas };
}

/** The map search without a network: the same query over the sites already on this device. */
export async function searchOffline({
  query,
  db = localDb,
}: {
  query: MapQuery;
  db?: LocalDb;
}): Promise<MapSearchResult> {
  return searchRows({ query, rows: await loadOfflineRows(db) });
}
