/**
 * Nearby facilities of a site (spec §2 Modals: facilities map). The categories are Kakao Local's
 * category group codes, the usual Korean source; the sample provider answers the same codes.
 */
export const FACILITY_CATEGORIES = ['SW8', 'SC4', 'MT1', 'HP8', 'BK9', 'CS2'] as const;

export type FacilityCategory = (typeof FACILITY_CATEGORIES)[number];

/** Metres around the site that count as nearby (a walk of about fifteen minutes). */
export const FACILITY_RADIUS_M = 1000;

/** Facilities kept per category: the nearest first. */
export const FACILITIES_PER_CATEGORY = 30;

export interface Facility {
  /** The provider's place id. */
  id: string;
  category: FacilityCategory;
  name: string;
  /** Road address when the provider knows one, else the lot address. */
  address: string;
  phone: string;
  lat: number;
  lng: number;
  /** Metres from the site. */
  distance: number;
}

export function isFacilityCategory(code: string): code is FacilityCategory {
  return (FACILITY_CATEGORIES as readonly string[]).includes(code);
}
