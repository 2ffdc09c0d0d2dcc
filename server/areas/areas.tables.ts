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

export interface AreasTables {
  areas: AreasTable;
}

export type Area = Selectable<AreasTable>;
