import type { Generated, Selectable } from 'kysely';

export interface AreasTable {
  f_idx: Generated<number>;
  /** 시/도 */
  f_area: string;
  /** 시/군/구 */
  f_district: string;
  /** 시군구 code (first five digits of the 법정동코드). */
  f_code: string;
  f_latitude: number | null;
  f_longitude: number | null;
}

/** A member's regional interest: one row per liked 시/군/구 (migrations/0018). */
export interface AreaLikesTable {
  f_user_idx: number;
  f_area_idx: number;
  f_reg_time: string;
}

export interface AreasTables {
  areas: AreasTable;
  area_likes: AreaLikesTable;
}

export type Area = Selectable<AreasTable>;
