import { type SearchRow, toSearchRow } from '../../../sync/map/evaluate.ts';
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
