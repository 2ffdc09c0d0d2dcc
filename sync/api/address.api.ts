import * as v from 'valibot';
import type { addressResponses, addressResult, addressSource } from './address.responses.ts';
import { type Answer, defineCall } from './contract.ts';
import { pageNum } from './page.ts';

/**
 * An address as registration and public-data look-ups need it: the lot (지번) address,
 * coordinates, and the parcel parts of the PNU (법정동코드, 산 flag, 본번, 부번).
 */
export type AddressResult = v.InferOutput<typeof addressResult>;
/** Where address answers come from: 'sample' is the bundled table, shown as sample data. */
export type AddressSource = v.InferOutput<typeof addressSource>;

const addressQuery = v.pipe(
  v.string('address required'),
  v.trim(),
  v.minLength(2, 'type at least 2 characters'),
  v.maxLength(100),
);

export const findAddressCall = defineCall<Answer<typeof addressResponses, 'findAddress'>>()({
  operationId: 'findAddress',
  method: 'post',
  path: '/site/findAddress',
  summary: 'Search an address (Kakao Local or juso with a key; the bundled demo-area table without)',
  tag: 'site',
  input: v.object({ query: addressQuery }),
});

/**
 * The postcode search (spec §2 address search popup, §7 postcode widget): a road name, building or
 * 동, every road address matching with its 우편번호, 10 a page.
 */
export const findPostcodeCall = defineCall<Answer<typeof addressResponses, 'findPostcode'>>()({
  operationId: 'findPostcode',
  method: 'post',
  path: '/site/findPostcode',
  summary:
    'Search road addresses with their postcodes, a page at a time (juso or Kakao Local; the sample table)',
  tag: 'site',
  input: v.object({ query: addressQuery, page_num: pageNum }),
});

/** Korea and its sea, generously: a point outside is no place an address provider knows. */
export const KOREA_BOX = { south: 32, north: 39.5, west: 123.5, east: 132.5 } as const;

/**
 * A point picked on the map (spec §2 address search popup, "or map"; §7 reverse geocoding): the
 * address there, with the point's own coordinates; null where the provider knows none.
 */
export const findAddressByPointCall = defineCall<Answer<typeof addressResponses, 'findAddressByPoint'>>()({
  operationId: 'findAddressByPoint',
  method: 'post',
  path: '/site/findAddressByPoint',
  summary: 'The address at a point picked on the map (Kakao Local; the district from the sample table)',
  tag: 'site',
  input: v.object({
    lat: v.pipe(
      v.number('lat must be a number'),
      v.minValue(KOREA_BOX.south, 'must be in Korea'),
      v.maxValue(KOREA_BOX.north, 'must be in Korea'),
    ),
    lng: v.pipe(
      v.number('lng must be a number'),
      v.minValue(KOREA_BOX.west, 'must be in Korea'),
      v.maxValue(KOREA_BOX.east, 'must be in Korea'),
    ),
  }),
});

/**
 * PNU = 법정동코드 10 + land type 1 + 본번 4 + 부번 4 (design guide), or null for what is not a
 * parcel: no 10-digit code or no lot number (an area's search result has main number 0).
 */
export function pnuOf(
  a: Pick<AddressResult, 'b_code' | 'land_type' | 'main_address_no' | 'sub_address_no'>,
): string | null {
  if (!/^\d{10}$/.test(a.b_code) || !(a.main_address_no >= 1) || a.main_address_no > 9999) return null;
  if (!(a.sub_address_no >= 0) || a.sub_address_no > 9999) return null;
  return `${a.b_code}${a.land_type}${String(a.main_address_no).padStart(4, '0')}${String(a.sub_address_no).padStart(4, '0')}`;
}
