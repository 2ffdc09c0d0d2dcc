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
