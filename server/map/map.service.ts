import { type Page, pageOf } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import { compileMapQuery, searchNeedle } from '../../sync/map/filter.ts';
import type { MapQuery, MapSearchResult, MapSite } from '../../sync/map/query.ts';
import { arrangeMatches, toMapSite } from '../../sync/map/result.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import {
  databaseVersion,
  findMatches,
  findSitesByName,
  likedAmong,
  loadListSites,
  type SiteNameRow,
} from './map.repository.ts';

/**
 * searchSiteForMap_app: the shared clauses find the matches through the indexes, the shared
 * arrangement counts, orders, pages and clusters them, and the page's rows are read last.
 */
export async function searchMap({
  db,
  userIdx,
  query,
  indexed = true,
}: {
  db: DbOrTx;
  userIdx: number;
  query: MapQuery;
  /** false: the same search as a plain scan (benchmark baseline). */
  indexed?: boolean;
}): Promise<MapSearchResult> {
  const search = compileMapQuery(query);
  const { cells, candidates } = await findMatches({ db, search, userIdx, offset: query.offset, indexed });
  const { page, ...rest } = arrangeMatches({ cells, candidates, search, query });
  const ids = page.map((m) => m.idx);
  const sites = await loadListSites({ db, ids });
  const liked = await likedAmong({ db, userIdx, ids });
  const list = page.map((m) =>
    toMapSite({
      site: sites.get(m.idx) as Record<string, unknown>,
      liked: liked.has(m.idx),
      sortValue: m.sortValue,
    }),
  );
  return { ...rest, list };
}

interface SearchCache {
  version: string;
  entries: Map<string, MapSearchResult>;
}
/** One cache per database. */
const caches = new WeakMap<Db, SearchCache>();

/**
 * searchMap behind a cache of results shared by every member: agents open the map on the
 * same default views and page back and forth. Any write to the database, on this connection
 * (total_changes) or another (data_version), empties it, so a result is never stale.
 * Searches of favourites are per member and skip it; the list's like marks are filled per caller.
 */
export async function searchMapCached({
  db,
  userIdx,
  query,
  maxEntries,
}: {
  db: Db;
  userIdx: number;
  query: MapQuery;
  maxEntries: number;
}): Promise<MapSearchResult> {
  if (maxEntries <= 0 || query.favorite === 'Y') return searchMap({ db, userIdx, query });
  let cache = caches.get(db);
  if (!cache) {
    cache = { version: '', entries: new Map() };
    caches.set(db, cache);
  }
  const version = await databaseVersion({ db });
  if (version !== cache.version) {
    cache.entries.clear();
    cache.version = version;
  }
  const key = JSON.stringify(query);
  let shared = cache.entries.get(key);
  if (shared) cache.entries.delete(key);
  else {
    // Nobody's favourites: the caller's likes are added below.
    shared = await searchMap({ db, userIdx: 0, query });
    if (cache.entries.size >= maxEntries) cache.entries.delete(cache.entries.keys().next().value as string);
  }
  cache.entries.set(key, shared);
  const liked = await likedAmong({ db, userIdx, ids: shared.list.map((s) => s.f_idx) });
  return liked.size === 0
    ? shared
    : { ...shared, list: shared.list.map((s) => (liked.has(s.f_idx) ? { ...s, f_like: 'Y' } : s)) };
}

/** A pin's position matches a site within about 1 cm: the client sends back the coordinates it was given. */
const SAME_POSITION_DEGREES = 1e-7;

/** searchSiteListByPos: the sites sharing one pin, through the same search, 10 a page from `offset`. */
export async function searchAtPosition({
  db,
  userIdx,
  lat,
  lng,
  offset,
}: {
  db: DbOrTx;
  userIdx: number;
  lat: number;
  lng: number;
  offset: number;
}): Promise<Page<MapSite> & { count: number }> {
  const result = await searchMap({
    db,
    userIdx,
    query: {
      keyword: '',
      use_keyword: 'N',
      bounds: {
        south: lat - SAME_POSITION_DEGREES,
        north: lat + SAME_POSITION_DEGREES,
        west: lng - SAME_POSITION_DEGREES,
        east: lng + SAME_POSITION_DEGREES,
      },
      zoom_level: 20,
      safe_charter: 'N',
      smb: 'N',
      show_site_inquire_only: 'N',
      not_show_site_inquire: 'N',
      room_more: 'N',
      toilet_more: 'N',
      duplex: 'N',
      teras: 'N',
      favorite: 'N',
      sort_site: 'S',
      offset,
      include_markers: 'N',
    },
  });
  return {
    ...pageOf({ list: result.list, total: result.count, limit: Limits.mapPageSize }),
    count: result.count,
  };
}

export function findSiteListByName({
  db,
  userIdx,
  input,
}: {
  db: DbOrTx;
  userIdx: number;
  input: {
    search_key: string;
    page_num: number;
    filter: 'A' | 'O' | 'G';
    order: 'R' | 'N';
    isUpdate: 'Y' | 'N';
  };
}): Promise<Page<SiteNameRow>> {
  return findSitesByName({
    db,
    needle: searchNeedle(input.search_key),
    siteType: input.filter === 'A' ? null : input.filter,
    order: input.order,
    onlyUpdatable: input.isUpdate === 'Y',
    userIdx,
    page: input.page_num,
  });
}
