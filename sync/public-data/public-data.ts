/**
 * Public-data items (spec §3) as the server hands them to the device: numbers as numbers,
 * blanks as empty strings, whatever the provider wrote. Money is in won as published
 * (official prices are per parcel or unit, the land price per ㎡).
 */

/** 표제부 (getBrTitleInfo): one building of the parcel. */
export interface BuildingTitle {
  mgmBldrgstPk: string;
  dongNm: string;
  bldNm: string;
  useAprDay: string;
  mainPurpsCdNm: string;
  strctCdNm: string;
  grndFlrCnt: number;
  ugrndFlrCnt: number;
  hhldCnt: number;
  hoCnt: number;
  fmlyCnt: number;
  /** Indoor and outdoor, mechanical and self-propelled spaces added up. */
  parkingCnt: number;
  rideUseElvtCnt: number;
  emgenUseElvtCnt: number;
  totArea: number;
  platArea: number;
}

/** 층별개요 (getBrFlrOulnInfo): one floor of one building. */
export interface FloorOutline {
  dongNm: string;
  flrGbCdNm: string;
  flrNo: number;
  flrNoNm: string;
  mainPurpsCdNm: string;
  etcPurps: string;
  area: number;
}

/** 전유공용면적 (getBrExposPubuseAreaInfo): one exclusive or common part of one unit. */
export interface ExposedArea {
  dongNm: string;
  hoNm: string;
  flrNo: number;
  flrGbCdNm: string;
  /** 전유 or 공용. */
  exposPubuseGbCdNm: string;
  mainPurpsCdNm: string;
  area: number;
}

/** 개별공시지가 (getIndvdLandPriceAttr): won per ㎡ for one year. */
export interface LandPrice {
  stdrYear: string;
  pblntfPclnd: number;
  pblntfDe: string;
}

/** 공동주택가격 (getApartHousingPriceAttr): one unit, one year. */
export interface ApartPrice {
  aphusNm: string;
  dongNm: string;
  hoNm: string;
  stdrYear: string;
  prvuseAr: number;
  pblntfPc: number;
}

/** 개별주택가격 (getIndvdHousingPriceAttr): the house of the parcel, one year. */
export interface HousePrice {
  stdrYear: string;
  buldAllTotAr: number;
  ladRegstrAr: number;
  housePc: number;
}

/** One row of the officetel standard price table an admin imported (spec §3 officetel). */
export interface OfficetelPrice {
  /** The year of the published file the row came from. */
  f_year: string;
  f_build_addr: string;
  f_buildnum: string;
  f_dong: string;
  f_floor: string;
  f_ho: string;
  f_pbdate: string;
  f_totarea: number;
  f_sharea: number;
  /** Won per ㎡. */
  f_pbprice: number;
  /** Standard value in won: per-㎡ price × (exclusive + shared area), rounded (spec §9). */
  value: number;
}

/**
 * Where an answer came from: the provider, or the bundled sample the server answers with when
 * no key is configured (the screens label it 'sample data').
 */
export type LookupSource = 'provider' | 'sample';

export interface LookupAnswer<T> {
  list: T[];
  source: LookupSource;
  /** When the server fetched it from the provider (ISO-8601 UTC); cached answers keep theirs. */
  fetched_at: string;
  /**
   * Some of the provider's rows are not in `list`: pages that did not arrive within the look-up's
   * time, or a list longer than the server reads. Screens say so; asking again completes it.
   * Absent in answers kept on a device before it was sent.
   */
  partial: boolean;
}

/** The parts of a 19-digit PNU (design guide "Outside services"). */
export function parcelOfPnu(pnu: string): {
  bCode: string;
  sigunguCd: string;
  bjdongCd: string;
  landType: 1 | 2;
  bun: string;
  ji: string;
} {
  return {
    bCode: pnu.slice(0, 10),
    sigunguCd: pnu.slice(0, 5),
    bjdongCd: pnu.slice(5, 10),
    landType: pnu.slice(10, 11) === '2' ? 2 : 1,
    bun: pnu.slice(11, 15),
    ji: pnu.slice(15, 19),
  };
}

/** The same parcel read as general (1) or mountain (2) land: the special-land choice (spec §4). */
export function withLandType({ pnu, landType }: { pnu: string; landType: 1 | 2 }): string {
  return `${pnu.slice(0, 10)}${landType}${pnu.slice(11)}`;
}
