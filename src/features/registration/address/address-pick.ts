import type { AddressResult } from '../../../../sync/api/address.api.ts';

/** A point on the map (WGS84). */
export interface MapPoint {
  lat: number;
  lng: number;
}

/**
 * What the address popup answers: a found address with its parts (from a search, the postcode
 * search, or a point on the map, whose coordinates it keeps), a point with no address found
 * there (its coordinates only), or the text as typed (offline, or not found).
 */
export type AddressPick =
  | { kind: 'found'; address: AddressResult }
  | { kind: 'point'; point: MapPoint }
  | { kind: 'typed'; text: string };

/** Where the popup starts: the address and point the form holds. */
export interface AddressStart {
  text: string;
  point: MapPoint | null;
}
