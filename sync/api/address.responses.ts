import * as v from 'valibot';
import { count, int, maybe, num, str } from './answer-fields.ts';

export const addressSource = v.picklist(['kakao', 'juso', 'sample']);

export const addressResult = v.strictObject({
  address_name: str,
  road_address: maybe(str),
  /** 우편번호 (5 digits) when the provider gives one. */
  zip_no: maybe(str),
  building_name: maybe(str),
  latitude: maybe(num),
  longitude: maybe(num),
  b_code: str,
  land_type: v.picklist([1, 2]),
  main_address_no: int,
  sub_address_no: int,
  precision: v.picklist(['exact', 'district', 'approximate']),
});

export const addressResponses = {
  findAddress: v.strictObject({ list: v.array(addressResult), source: addressSource }),
  findPostcode: v.strictObject({
    list: v.array(addressResult),
    total: count,
    page_num: count,
    has_more: v.boolean(),
    source: addressSource,
  }),
  findAddressByPoint: v.strictObject({ address: v.nullable(addressResult), source: addressSource }),
};
