import * as v from 'valibot';
import type { areaItem, areasResponses } from './areas.responses.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';

/** A 시/군/구 of the area list (spec §3 Area) and whether the caller takes an interest in it. */
export type AreaItem = v.InferOutput<typeof areaItem>;

export const getAreaListCall = defineCall<Answer<typeof areasResponses, 'getAreaList'>>()({
  operationId: 'getAreaList',
  method: 'post',
  path: '/site/getAreaList',
  summary: 'Every 시/도 and 시/군/구, with the caller’s regional interest',
  tag: 'site',
  input: v.object({}),
});

export const setAreaLikeCall = defineCall<Answer<typeof areasResponses, 'setAreaLike'>>()({
  operationId: 'setAreaLike',
  method: 'post',
  path: '/site/setAreaLike',
  summary: 'Take or drop an interest in one 시/군/구',
  tag: 'site',
  input: v.object({ area_idx: rowId, like: yn }),
});

export const setTotalAreaLikeCall = defineCall<Answer<typeof areasResponses, 'setTotalAreaLike'>>()({
  operationId: 'setTotalAreaLike',
  method: 'post',
  path: '/site/setTotalAreaLike',
  summary: 'Take or drop an interest in every 시/군/구 of a 시/도',
  tag: 'site',
  input: v.object({
    area_name: v.pipe(
      v.string('area name required'),
      v.trim(),
      v.minLength(1, 'area name required'),
      v.maxLength(20, 'area name too long'),
    ),
    like: yn,
  }),
});
