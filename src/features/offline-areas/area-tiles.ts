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

/**
 * Fetches the tiles from the page with the map layer's own request (CORS, no credentials): the
 * service worker's CacheFirst rule keeps them. Before the worker controls the page they are
 * put in its cache here. Answers how many arrived and their bytes; a tile that fails is skipped.
 */
export async function keepTiles(urls: readonly string[]): Promise<{ count: number; bytes: number }> {
  const direct =
    typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller && typeof caches !== 'undefined'
      ? await caches.open(TILE_CACHE)
      : null;
  let count = 0;
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      try {
        const res = await fetch(url, { mode: 'cors', credentials: 'omit' });
        if (!res.ok) continue;
        if (direct) await direct.put(url, res.clone());
        bytes += (await res.blob()).size;
        count++;
      } catch {
        // Offline or refused: the map fetches it again when shown.
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
