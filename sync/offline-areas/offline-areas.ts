/**
 * Offline areas: a 시/군/구 kept on the device so the map search works there without a
 * network. One place for the numbers both sides use.
 */

/** Rows per downloaded page: a dense 구 arrives in a few pages, none of them large. */
export const AREA_PAGE_SIZE = 1000;

/**
 * What one kept site costs on the device, in bytes, for the estimate shown before a download
 * (bench/results/offline-area.json: 388 bytes a site stored for the densest 구 of the 100,000-site
 * database, rounded up).
 */
export const AREA_SITE_BYTES = 400;

/** A kept area older than this is downloaded again after a sync that completes online. */
export const AREA_REFRESH_HOURS = 12;

/** Base map zoom levels kept for an area: from a whole 구 down to the pins' street level. */
export const AREA_TILE_ZOOMS = [11, 12, 13, 14, 15] as const;

/** The most tiles one area keeps; the deepest zoom level is left out while the box needs more. */
export const MAX_AREA_TILES = 600;

/** An average base-map tile (png), for the estimate before a download. */
export const AREA_TILE_BYTES = 20_000;

/** A 시/군/구's code is the first five digits of a site's 법정동 code. */
export function districtCodeOf(bjdCode: string | null | undefined): string | null {
  return bjdCode && /^\d{5}/.test(bjdCode) ? bjdCode.slice(0, 5) : null;
}

/** A box on the map, in degrees (the map view an agent keeps). */
export interface ViewBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The widest map view an agent may keep, in degrees each way (about 17 km north to south and
 * 13 km east to west in Korea): a large 구 such as 서초구 fits, and a phone's map fits down to
 * zoom 12; a view zoomed further out is refused, by the client before asking and by the server.
 */
export const MAX_VIEW_DEGREES = 0.15;

/**
 * The most sites one kept map view may hold. The densest 구 of the 100,000-site benchmark
 * database holds 1,600 (bench/results/offline-area.json: 0.62 MB stored, 1.8 s to download), so
 * a view no larger than any kept 구 passes, and the largest one allowed stays near 0.8 MB and a
 * couple of seconds; a view over a denser stretch asks the agent to zoom in.
 */
export const MAX_VIEW_SITES = 2000;

/** Why a box cannot be kept as an area (too tall or too wide), or null when it can. */
export function viewBoxProblem(box: ViewBox): 'too-tall' | 'too-wide' | null {
  if (box.north - box.south > MAX_VIEW_DEGREES) return 'too-tall';
  if (box.east - box.west > MAX_VIEW_DEGREES) return 'too-wide';
  return null;
}
