import {
  FACILITIES_PER_CATEGORY,
  FACILITY_CATEGORIES,
  FACILITY_RADIUS_M,
  type Facility,
} from '../../sync/public-data/facilities.ts';
import type { LookupAnswer } from '../../sync/public-data/public-data.ts';
import type { AuthedContext } from '../http/context.ts';
import { lookUp } from './public-data.service.ts';

/**
 * The facilities around a point, every category at once (one look-up for the rate limit and
 * the cache, the provider asked per category in parallel), by category then nearest first.
 * Points are keyed to about a metre so the same site always hits the same cached answer.
 */
export function nearbyFacilities({
  ctx,
  lat,
  lng,
}: {
  ctx: AuthedContext;
  lat: number;
  lng: number;
}): Promise<LookupAnswer<Facility>> {
  const search = ctx.adapters.facilities;
  const at = { lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)) };
  return lookUp({
    ctx,
    service: 'facility',
    key: JSON.stringify([at.lat, at.lng, FACILITY_RADIUS_M]),
    source: search.source,
    fetch: async () =>
      (
        await Promise.all(
          FACILITY_CATEGORIES.map((category) =>
            search.near({ category, ...at, radius: FACILITY_RADIUS_M, limit: FACILITIES_PER_CATEGORY }),
          ),
        )
      ).flat(),
    tidy: (rows) =>
      [...rows].sort(
        (a, b) =>
          FACILITY_CATEGORIES.indexOf(a.category) - FACILITY_CATEGORIES.indexOf(b.category) ||
          a.distance - b.distance,
      ),
  });
}
