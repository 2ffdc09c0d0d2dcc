import * as v from 'valibot';
import { count, num, str, time } from './answer-fields.ts';

/** `LookupAnswer<T>` (sync/public-data/public-data.ts). */
export const lookupAnswer = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({
    list: v.array(item),
    source: v.picklist(['provider', 'sample']),
    fetched_at: time,
    partial: v.boolean(),
  });

export const buildingTitle = v.strictObject({
  /** Every digit of the register's id, as text: it runs past 2^53. */
  mgmBldrgstPk: str,
  dongNm: str,
  bldNm: str,
  useAprDay: str,
  mainPurpsCdNm: str,
  strctCdNm: str,
  grndFlrCnt: num,
  ugrndFlrCnt: num,
  hhldCnt: num,
  hoCnt: num,
  fmlyCnt: num,
  parkingCnt: num,
  rideUseElvtCnt: num,
  emgenUseElvtCnt: num,
  totArea: num,
  platArea: num,
});

export const floorOutline = v.strictObject({
  dongNm: str,
  flrGbCdNm: str,
  flrNo: num,
  flrNoNm: str,
  mainPurpsCdNm: str,
  etcPurps: str,
  area: num,
});

export const exposedArea = v.strictObject({
  dongNm: str,
  hoNm: str,
  flrNo: num,
  flrGbCdNm: str,
  exposPubuseGbCdNm: str,
  mainPurpsCdNm: str,
  area: num,
});

export const landPrice = v.strictObject({ stdrYear: str, pblntfPclnd: num, pblntfDe: str });
export const apartPrice = v.strictObject({
  aphusNm: str,
  dongNm: str,
  hoNm: str,
  stdrYear: str,
  prvuseAr: num,
  pblntfPc: num,
});
export const housePrice = v.strictObject({
  stdrYear: str,
  buldAllTotAr: num,
  ladRegstrAr: num,
  housePc: num,
});
export const officetelPrice = v.strictObject({
  f_year: str,
  f_build_addr: str,
  f_buildnum: str,
  f_dong: str,
  f_floor: str,
  f_ho: str,
  f_pbdate: str,
  f_totarea: num,
  f_sharea: num,
  f_pbprice: num,
  value: num,
});

export const publicDataResponses = {
  getBuildingTitle: lookupAnswer(buildingTitle),
  getFloorOutline: lookupAnswer(floorOutline),
  getExposedArea: lookupAnswer(exposedArea),
  getLandPrice: lookupAnswer(landPrice),
  getApartPrice: lookupAnswer(apartPrice),
  getHousePrice: lookupAnswer(housePrice),
  getOfficetelLevel: v.strictObject({ list: v.array(str) }),
  getOfficetelPrice: lookupAnswer(officetelPrice),
  importOfficetelPrices: v.strictObject({ imported: count, year: str }),
};
