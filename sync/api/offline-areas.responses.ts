import * as v from 'valibot';
import { count, int, maybe, str } from './answer-fields.ts';

const area = { f_idx: int, f_area: str, f_district: str, f_code: str };

export const offlineAreasResponses = {
  getOfflineAreaList: v.strictObject({
    list: v.array(v.strictObject({ ...area, site_count: count, estimate_bytes: count })),
  }),
  /** Column names once, then each row's values in that order (map_sites' columns and more). */
  getOfflineAreaSites: v.strictObject({
    area_idx: int,
    columns: v.array(str),
    rows: v.array(v.array(v.unknown())),
    next_after: maybe(int),
  }),
  getOfflineViewEstimate: v.strictObject({
    site_count: count,
    estimate_bytes: count,
    area: maybe(v.strictObject(area)),
  }),
};
