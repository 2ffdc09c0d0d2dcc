import type { AddressResult, AddressSource } from '../../../sync/api/address.api.ts';

/** One page of a postcode search: the addresses, how many match in all, and whether more follow. */
export interface PostcodePage {
  list: AddressResult[];
  total: number;
  has_more: boolean;
}

/** Addresses per page of the postcode search (Kakao allows up to 30, juso up to 100). */
export const POSTCODE_PAGE_SIZE = 10;

/**
 * The address provider (spec §7 findAddress, the postcode widget and the map's reverse
 * geocoding): Kakao Local, the 도로명주소 juso API, or the bundled sample table.
 */
export interface AddressSearch {
  /** Where the answers come from: screens label 'sample' as sample data. */
  source: AddressSource;
  /** The quick search: the best matches of a lot or road address, a 동 or a building. */
  search: (query: string) => Promise<AddressResult[]>;
  /** The postcode search: every road address matching, a page at a time, each with its 우편번호. */
  searchPostcode: (input: { query: string; page: number }) => Promise<PostcodePage>;
  /**
   * The address at a point picked on the map, its coordinates the point's; null where the provider
   * knows none there (or, like juso, cannot look a point up at all).
   */
  reverse: (point: { lat: number; lng: number }) => Promise<AddressResult | null>;
}

/** Lot numbers as written: "123", "123-4", "산 12-3", "산12". */
export function parseLot(query: string): { land_type: 1 | 2; main: number; sub: number } | null {
  const m = /(산\s*)?(\d{1,4})(?:-(\d{1,4}))?\s*(번지)?\s*$/.exec(query.trim());
  if (!m) return null;
  return { land_type: m[1] ? 2 : 1, main: Number(m[2]), sub: m[3] ? Number(m[3]) : 0 };
}
