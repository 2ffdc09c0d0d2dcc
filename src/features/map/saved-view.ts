import { SEOUL_FALLBACK } from '../../../sync/constants.ts';

const KEY = 'bt.mapView';
/** Spec §9: the map opens at zoom 14.5. */
export const DEFAULT_ZOOM = 14.5;

export interface SavedView {
  lat: number;
  lng: number;
  zoom: number;
}

export function savedView(): SavedView | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SavedView | null;
    return v && Number.isFinite(v.lat) && Number.isFinite(v.lng) && Number.isFinite(v.zoom) ? v : null;
  } catch {
    return null;
  }
}

export function saveView(view: SavedView): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(view));
  } catch {
    // The next visit opens at the default position instead.
  }
}

export const fallbackView: SavedView = { ...SEOUL_FALLBACK, zoom: DEFAULT_ZOOM };

/**
 * Spec §9 default bounding box (about 0.068 degrees across): the first map and 초기화 show this
 * much around the member (or Seoul City Hall), a neighbourhood rather than a street.
 */
export const START_BOX_DEGREES = 0.068;

/** Today in Seoul (YYYY-MM-DD): the day the date sliders count from. */
export function seoulToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}
