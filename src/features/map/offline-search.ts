import { type SearchRow, toSearchRow } from '../../../sync/map/evaluate.ts';
import type { MapQuery, MapSearchResult } from '../../../sync/map/query.ts';
import { searchRows } from '../../../sync/map/search-memory.ts';
import { type LocalDb, type LocalHo, type LocalSite, localDb } from '../../db/db.ts';

/** A site's area types, when the synced row carries them (the site detail's room_list). */
function roomsOf(site: LocalSite): readonly Record<string, unknown>[] {
  const rooms = site.room_list;
  return Array.isArray(rooms) ? (rooms as Record<string, unknown>[]) : [];
}

/**
 * The sites this device holds (own, group, liked and recently viewed, as the sync engine
 * stored them) as search rows. Read-only: the sync engine is the only writer of these tables.
 */
export async function loadOfflineRows(db: LocalDb = localDb): Promise<SearchRow[]> {
  const [sites, likes, units] = await Promise.all([db.sites.toArray(), db.likes.toArray(), db.hos.toArray()]);
  const liked = new Set(likes.map((l) => l.f_site_idx));
  const unitsBySite = new Map<number, LocalHo[]>();
  for (const unit of units) {
    const list = unitsBySite.get(unit.f_site_idx);
    if (list) list.push(unit);
    else unitsBySite.set(unit.f_site_idx, [unit]);
  }
  return sites.map((site) =>
    toSearchRow({
      site,
      rooms: roomsOf(site),
      units: unitsBySite.get(site.f_idx) ?? [],
      liked: liked.has(site.f_idx),
    }),
  );
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
