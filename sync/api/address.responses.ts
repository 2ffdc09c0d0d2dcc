import * as v from 'valibot';
import { int, maybe, num, str } from './answer-fields.ts';

export const addressResult = v.strictObject({
  address_name: str,
  road_address: maybe(str),
  latitude: maybe(num),
  longitude: maybe(num),
  b_code: str,
  land_type: v.picklist([1, 2]),
  main_address_no: int,
  sub_address_no: int,
  precision: v.picklist(['exact', 'district', 'approximate']),
});

export const addressResponses = {
  findAddress: v.strictObject({ list: v.array(addressResult) }),
};
