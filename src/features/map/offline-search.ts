import type { SearchRow } from '../../../sync/map/evaluate.ts';
import { compileMapQuery, needsUnits } from '../../../sync/map/filter.ts';
import type { MapQuery, MapSearchResult } from '../../../sync/map/query.ts';
import { searchRows } from '../../../sync/map/search-memory.ts';
import { type LocalDb, type LocalHo, type LocalSite, localDb } from '../../db/db.ts';

/** A site's area types, when the synced row carries them (the site detail's room_list). */
function roomsOf(site: LocalSite): readonly Record<string, unknown>[] {
  const rooms = site.room_list;
  return Array.isArray(rooms) ? (rooms as Record<string, unknown>[]) : [];
}

/**
 * The map search without a network: the same query over the sites this device already holds
 * (own, group, liked and recently viewed, as the sync engine stored them). Read-only: the
 * sync engine is the only writer of these tables.
 */
export async function searchOffline({
  query,
  db = localDb,
}: {
  query: MapQuery;
  db?: LocalDb;
}): Promise<MapSearchResult> {
  const [sites, likes] = await Promise.all([db.sites.toArray(), db.likes.toArray()]);
  const liked = new Set(likes.map((l) => l.f_site_idx));
  const unitsBySite = new Map<number, LocalHo[]>();
  if (needsUnits(compileMapQuery(query))) {
    const units = await db.hos
      .where('f_site_idx')
      .anyOf(sites.map((s) => s.f_idx))
      .toArray();
    for (const unit of units) {
      const list = unitsBySite.get(unit.f_site_idx);
      if (list) list.push(unit);
      else unitsBySite.set(unit.f_site_idx, [unit]);
    }
  }
  const rows: SearchRow[] = sites.map((site) => ({
    site,
    units: unitsBySite.get(site.f_idx) ?? [],
    rooms: roomsOf(site),
    liked: liked.has(site.f_idx),
  }));
  return searchRows({ query, rows });
}
