import { AREA_TILE_ZOOMS, MAX_AREA_TILES } from '../../../sync/offline-areas/offline-areas.ts';
import type { KeptArea } from '../../db/areas-db.ts';
import { baseTileUrl } from '../map/tile-url.ts';

type Bounds = NonNullable<KeptArea['bounds']>;

/** The cache the service worker serves base tiles from (vite.config.ts runtimeCaching). */
const TILE_CACHE = 'map-tiles';
const PARALLEL = 4;

function tileX(lng: number, z: number): number {
  return Math.floor(((lng + 180) / 360) * 2 ** z);
}

function tileY(lat: number, z: number): number {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
}

/**
 * The tiles covering a box at the zoom levels an agent uses there (AREA_TILE_ZOOMS), as the map
 * layer would request them; the deepest levels are left out while the count exceeds MAX_AREA_TILES.
 */
export function areaTileUrls({ bounds, vworldKey }: { bounds: Bounds; vworldKey: string | null }): string[] {
  const template = baseTileUrl(vworldKey);
  const perZoom = AREA_TILE_ZOOMS.map((z) => {
    const urls: string[] = [];
    for (let x = tileX(bounds.west, z); x <= tileX(bounds.east, z); x++) {
      for (let y = tileY(bounds.north, z); y <= tileY(bounds.south, z); y++) {
        urls.push(template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
      }
    }
    return urls;
  });
  while (perZoom.length > 1 && perZoom.reduce((n, u) => n + u.length, 0) > MAX_AREA_TILES) perZoom.pop();
  return perZoom.flat().slice(0, MAX_AREA_TILES);
}

/** A tile not answered by then is skipped: on a building site's weak signal a request can hang for minutes. */
export const TILE_TIMEOUT_MS = 10_000;
/** When none of the first tiles arrives the tile server is out of reach: the rest are not tried. */
const GIVE_UP_AFTER = 2 * PARALLEL;

/** One tile read whole within TILE_TIMEOUT_MS: a tile that stops halfway is skipped too. */
async function fetchTile(url: string): Promise<{ res: Response; blob: Blob }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TILE_TIMEOUT_MS);
  try {
    const res = await fetch(url, { mode: 'cors', credentials: 'omit', signal: abort.signal });
    return { res, blob: await res.blob() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fetches the tiles from the page with the map layer's own request (CORS, no credentials): the
 * service worker's CacheFirst rule keeps them. Before the worker controls the page they are
 * put in its cache here. Answers how many arrived and their bytes; a tile that fails or takes
 * longer than TILE_TIMEOUT_MS is skipped, and when the first GIVE_UP_AFTER all fail the area is
 * kept without tiles (its sites are what the agent searches; the map fetches tiles when shown).
 */
export async function keepTiles(urls: readonly string[]): Promise<{ count: number; bytes: number }> {
  const direct =
    typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller && typeof caches !== 'undefined'
      ? await caches.open(TILE_CACHE)
      : null;
  let count = 0;
  let failed = 0;
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !(count === 0 && failed >= GIVE_UP_AFTER)) {
      const url = urls[next++] as string;
      try {
        const { res, blob } = await fetchTile(url);
        if (!res.ok) {
          failed++;
          continue;
        }
        // The body is already decoded: only its type goes with it, not the wire's length or encoding.
        const type = res.headers.get('content-type') ?? 'image/png';
        if (direct) await direct.put(url, new Response(blob, { headers: { 'content-type': type } }));
        bytes += blob.size;
        count++;
      } catch {
        // Offline, refused or too slow: the map fetches it again when shown.
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { count, bytes };
}

/** Drops an area's tiles from the cache, except those another kept area still covers. */
export async function dropTiles({ urls, keep }: { urls: readonly string[]; keep: ReadonlySet<string> }) {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(TILE_CACHE);
  await Promise.all(urls.filter((u) => !keep.has(u)).map((u) => cache.delete(u)));
}
