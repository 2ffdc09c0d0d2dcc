import * as v from 'valibot';
import { defineCall } from './contract.ts';

/**
 * An address as registration and public-data look-ups need it: the lot (지번) address,
 * coordinates, and the parcel parts of the PNU (법정동코드, 산 flag, 본번, 부번).
 */
export interface AddressResult {
  address_name: string;
  road_address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** 법정동코드, 10 digits. */
  b_code: string;
  /** 1 general land, 2 mountain (산). */
  land_type: 1 | 2;
  main_address_no: number;
  sub_address_no: number;
  /** Where the coordinates came from: the provider, or the district centre when it gave none. */
  precision: 'exact' | 'district';
}

export const findAddressCall = defineCall<{ list: AddressResult[] }>()({
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

/** PNU = 법정동코드 10 + land type 1 + 본번 4 + 부번 4 (design guide). */
export function pnuOf(
  a: Pick<AddressResult, 'b_code' | 'land_type' | 'main_address_no' | 'sub_address_no'>,
): string {
  return `${a.b_code}${a.land_type}${String(a.main_address_no).padStart(4, '0')}${String(a.sub_address_no).padStart(4, '0')}`;
}
