import * as v from 'valibot';
import { count, int, str, yn } from './answer-fields.ts';

export const areaItem = v.strictObject({ f_idx: int, f_area: str, f_district: str, f_like: yn });

export const areasResponses = {
  getAreaList: v.strictObject({ list: v.array(areaItem) }),
  setAreaLike: v.strictObject({ like_count: count }),
  setTotalAreaLike: v.strictObject({ like_count: count }),
};
