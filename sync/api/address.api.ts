import * as v from 'valibot';
import type { addressResponses, addressResult } from './address.responses.ts';
import { type Answer, defineCall } from './contract.ts';

/**
 * An address as registration and public-data look-ups need it: the lot (지번) address,
 * coordinates, and the parcel parts of the PNU (법정동코드, 산 flag, 본번, 부번).
 */
export type AddressResult = v.InferOutput<typeof addressResult>;

export const findAddressCall = defineCall<Answer<typeof addressResponses, 'findAddress'>>()({
  operationId: 'findAddress',
  method: 'post',
  path: '/site/findAddress',
  summary: 'Search an address (Kakao Local or juso with a key; the bundled demo-area table without)',
  tag: 'site',
  input: v.object({
    query: v.pipe(
      v.string('address required'),
      v.trim(),
      v.minLength(2, 'type at least 2 characters'),
      v.maxLength(100),
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
