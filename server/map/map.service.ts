import { type Page, pageOf } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import {
  type CompiledSearch,
  compileMapQuery,
  needleUsesIndex,
  searchNeedle,
} from '../../sync/map/filter.ts';
import type { MapQuery, MapSearchResult, MapSite } from '../../sync/map/query.ts';
import { arrangeMatches, toMapSite } from '../../sync/map/result.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { RawJson, sharedJson } from '../http/raw-json.ts';
import { type MapMirror, mirrorOf } from './map.mirror.ts';
import { findMatchesInMirror } from './map.mirror-search.ts';
import {
  databaseVersion,
  findMatches,
  findSitesByName,
  likedAmong,
  likedSiteIds,
  loadListSites,
  type SiteNameRow,
  siteIdsWithText,
} from './map.repository.ts';
import { searchWindow } from './map.sql.ts';

/**
 * Where a search finds its matches: the in-memory copy of map_sites (map.mirror.ts, what the
 * app uses), the SQL indexes (inside a transaction, where the copy is not read), or a plain
 * scan of `sites` (the benchmark's baseline). All three give the same answer.
 */
export type SearchVia = 'mirror' | 'indexes' | 'scan';

/**
 * searchSiteForMap_app: the shared clauses find the matches, the shared arrangement counts,
 * orders, pages and clusters them, and the page's rows are read last.
 */
export async function searchMap({
  db,
  userIdx,
  query,
  via = 'mirror',
}: {
  db: DbOrTx;
  userIdx: number;
  query: MapQuery;
  via?: SearchVia;
}): Promise<MapSearchResult> {
  const search = compileMapQuery(query);
  const start = via === 'mirror' ? await startingPoints({ db, search, userIdx }) : null;
  const mirror = start ? await mirrorOf(db) : null;
  // From the copy's matches to its list rows nothing awaits: another request's refresh of the
  // copy cannot come in between.
  const { cells, candidates } =
    start && mirror
      ? findMatchesInMirror({ mirror, search, offset: query.offset, ...startIn(mirror, start) })
      : await findMatches({ db, search, userIdx, offset: query.offset, indexed: via !== 'scan' });
  const { page, ...rest } = arrangeMatches({ cells, candidates, search, query });
  const ids = page.map((m) => m.idx);
  const sites = start && mirror ? mirror.listSites(ids) : await loadListSites({ db, ids });
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

/**
 * Reads the in-memory copy of the map sites now (a second or so for 100,000 sites), so that
 * the first search after a start does not wait for it. Answers how many sites it holds.
 */
export async function prepareMapSearch(db: Db): Promise<number> {
  return (await mirrorOf(db))?.size ?? 0;
}

/**
 * Where the in-memory search starts when not from a viewport: the caller's favourites, or for
 * a keyword searched everywhere the sites holding it (the trigram index answers three
 * characters or more at once; a shorter `needle` is looked for in all the copy's texts).
 * Null fields: start from the viewport's cells, or every row.
 */
interface StartingPoints {
  liked: Set<number> | null;
  ids: number[] | null;
  needle: string | null;
}

async function startingPoints({
  db,
  search,
  userIdx,
}: {
  db: DbOrTx;
  search: CompiledSearch;
  userIdx: number;
}): Promise<StartingPoints> {
  if (search.where.some((c) => c.k === 'liked')) {
    const ids = await likedSiteIds({ db, userIdx });
    return { liked: new Set(ids), ids, needle: null };
  }
  const text = search.where.find((c) => c.k === 'text');
  if (!text || searchWindow(search)) return { liked: null, ids: null, needle: null };
  return needleUsesIndex(text.needle)
    ? { liked: null, ids: await siteIdsWithText({ db, needle: text.needle }), needle: null }
    : { liked: null, ids: null, needle: text.needle };
}

/** The starting points as the copy's slots. */
function startIn(
  mirror: MapMirror,
  start: StartingPoints,
): { liked: Set<number> | null; slots: number[] | null } {
  const slots = start.ids
    ? mirror.slotsOf(start.ids)
    : start.needle !== null
      ? mirror.slotsWithText(start.needle)
      : null;
  return { liked: start.liked, slots };
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
  sharedResults.add(shared);
  const liked = await likedAmong({ db, userIdx, ids: shared.list.map((s) => s.f_idx) });
  return liked.size === 0
    ? shared
    : { ...shared, list: shared.list.map((s) => (liked.has(s.f_idx) ? { ...s, f_like: 'Y' } : s)) };
}

/** The results the cache hands out, each to many callers. */
const sharedResults = new WeakSet<MapSearchResult>();

/**
 * searchMapCached as the JSON the route sends. A result the cache hands to many callers is
 * serialised once (`sharedJson`); any other has one caller and is serialised once for it,
 * without being remembered (an uncached search's answer is used once).
 */
export async function searchMapJson(
  args: Parameters<typeof searchMapCached>[0],
): Promise<RawJson<MapSearchResult>> {
  const result = await searchMapCached(args);
  return sharedResults.has(result) ? sharedJson(result) : new RawJson(JSON.stringify(result));
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
