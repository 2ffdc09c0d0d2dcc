import type SQLite from 'better-sqlite3';
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
import { RawJson, sharedJson } from '../http/raw-json.ts';
import { type MapMirror, mirrorOf } from './map.mirror.ts';
import { findMatchesInMirror } from './map.mirror-search.ts';
import {
  findMatches,
  findSitesByName,
  likedAmong,
  likedSiteIds,
  loadListSites,
  type SiteNameRow,
  siteIdsWithText,
} from './map.repository.ts';
import { searchWindow } from './map.sql.ts';

type Sqlite = SQLite.Database;

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
export function searchMap({
  sqlite,
  userIdx,
  query,
  via = 'mirror',
}: {
  sqlite: Sqlite;
  userIdx: number;
  query: MapQuery;
  via?: SearchVia;
}): MapSearchResult {
  const search = compileMapQuery(query);
  const mirror = via === 'mirror' ? mirrorOf(sqlite) : null;
  const { cells, candidates } = mirror
    ? findMatchesInMirror({
        mirror,
        search,
        offset: query.offset,
        ...narrowedBy({ sqlite, mirror, search, userIdx }),
      })
    : findMatches({ sqlite, search, userIdx, offset: query.offset, indexed: via !== 'scan' });
  const { page, ...rest } = arrangeMatches({ cells, candidates, search, query });
  const ids = page.map((m) => m.idx);
  const sites = mirror ? mirror.listSites(ids) : loadListSites({ sqlite, ids });
  const liked = likedAmong({ sqlite, userIdx, ids });
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
export function prepareMapSearch(sqlite: Sqlite): number {
  return mirrorOf(sqlite)?.size ?? 0;
}

/**
 * Where the in-memory search starts when not from a viewport: the caller's favourites, or for
 * a keyword searched everywhere the sites holding it (the trigram index answers three
 * characters or more at once; a shorter one is looked for in all the texts in one pass).
 */
function narrowedBy({
  sqlite,
  mirror,
  search,
  userIdx,
}: {
  sqlite: Sqlite;
  mirror: MapMirror;
  search: CompiledSearch;
  userIdx: number;
}): { liked: Set<number> | null; slots: number[] | null } {
  if (search.where.some((c) => c.k === 'liked')) {
    const liked = likedSiteIds({ sqlite, userIdx });
    return { liked: new Set(liked), slots: mirror.slotsOf(liked) };
  }
  const text = search.where.find((c) => c.k === 'text');
  if (!text || searchWindow(search)) return { liked: null, slots: null };
  const slots = needleUsesIndex(text.needle)
    ? mirror.slotsOf(siteIdsWithText({ sqlite, needle: text.needle }))
    : mirror.slotsWithText(text.needle);
  return { liked: null, slots };
}

interface SearchCache {
  version: string;
  entries: Map<string, MapSearchResult>;
  dataVersion: SQLite.Statement;
  totalChanges: SQLite.Statement;
}
const caches = new WeakMap<Sqlite, SearchCache>();

/**
 * searchMap behind a cache of results shared by every member: agents open the map on the
 * same default views and page back and forth. Any write to the database, on this connection
 * (total_changes) or another (data_version), empties it, so a result is never stale.
 * Searches of favourites are per member and skip it; the list's like marks are filled per caller.
 */
export function searchMapCached({
  sqlite,
  userIdx,
  query,
  maxEntries,
}: {
  sqlite: Sqlite;
  userIdx: number;
  query: MapQuery;
  maxEntries: number;
}): MapSearchResult {
  if (maxEntries <= 0 || query.favorite === 'Y') return searchMap({ sqlite, userIdx, query });
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = {
      version: '',
      entries: new Map(),
      dataVersion: sqlite.prepare('PRAGMA data_version').pluck(),
      totalChanges: sqlite.prepare('SELECT total_changes()').pluck(),
    };
    caches.set(sqlite, cache);
  }
  const version = `${cache.dataVersion.get()}:${cache.totalChanges.get()}`;
  if (version !== cache.version) {
    cache.entries.clear();
    cache.version = version;
  }
  const key = JSON.stringify(query);
  let shared = cache.entries.get(key);
  if (shared) cache.entries.delete(key);
  else {
    // Nobody's favourites: the caller's likes are added below.
    shared = searchMap({ sqlite, userIdx: 0, query });
    if (cache.entries.size >= maxEntries) cache.entries.delete(cache.entries.keys().next().value as string);
  }
  cache.entries.set(key, shared);
  sharedResults.add(shared);
  const liked = likedAmong({ sqlite, userIdx, ids: shared.list.map((s) => s.f_idx) });
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
export function searchMapJson(args: Parameters<typeof searchMapCached>[0]): RawJson<MapSearchResult> {
  const result = searchMapCached(args);
  return sharedResults.has(result) ? sharedJson(result) : new RawJson(JSON.stringify(result));
}

/** A pin's position matches a site within about 1 cm: the client sends back the coordinates it was given. */
const SAME_POSITION_DEGREES = 1e-7;

/** searchSiteListByPos: the sites sharing one pin, through the same search, 10 a page from `offset`. */
export function searchAtPosition({
  sqlite,
  userIdx,
  lat,
  lng,
  offset,
}: {
  sqlite: Sqlite;
  userIdx: number;
  lat: number;
  lng: number;
  offset: number;
}): Page<MapSite> & { count: number } {
  const result = searchMap({
    sqlite,
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
  sqlite,
  userIdx,
  input,
}: {
  sqlite: Sqlite;
  userIdx: number;
  input: {
    search_key: string;
    page_num: number;
    filter: 'A' | 'O' | 'G';
    order: 'R' | 'N';
    isUpdate: 'Y' | 'N';
  };
}): Page<SiteNameRow> {
  return findSitesByName({
    sqlite,
    needle: searchNeedle(input.search_key),
    siteType: input.filter === 'A' ? null : input.filter,
    order: input.order,
    onlyUpdatable: input.isUpdate === 'Y',
    userIdx,
    page: input.page_num,
  });
}
