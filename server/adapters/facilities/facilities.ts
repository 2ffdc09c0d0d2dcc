import type { Facility, FacilityCategory } from '../../../sync/public-data/facilities.ts';
import type { LookupSource } from '../../../sync/public-data/public-data.ts';

/**
 * Places of one category around a point (Kakao Local category search, or the bundled sample).
 * A provider that fails throws `PublicDataError` (server/adapters/public-data/public-data.ts).
 */
export interface FacilitySearch {
  source: LookupSource;
  near: (args: {
    category: FacilityCategory;
    lat: number;
    lng: number;
    radius: number;
    limit: number;
  }) => Promise<Facility[]>;
}
