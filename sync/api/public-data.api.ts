import * as v from 'valibot';
import type {
  ApartPrice,
  BuildingTitle,
  ExposedArea,
  FloorOutline,
  HousePrice,
  LandPrice,
  LookupAnswer,
} from '../public-data/public-data.ts';
import { defineCall } from './contract.ts';

/** A 19-digit parcel number (design guide: 법정동코드 10 + land digit 1/2 + 본번 4 + 부번 4). */
const pnu = v.pipe(v.string('pnu required'), v.regex(/^\d{10}[12]\d{8}$/, 'pnu must be 19 digits'));
const byPnu = v.object({ pnu });
/** A dong or ho name as the register writes it ('101동', '1203호', or empty for none). */
const unitName = v.pipe(v.string(), v.trim(), v.maxLength(40));

export const getBuildingTitleCall = defineCall<LookupAnswer<BuildingTitle>>()({
  operationId: 'getBuildingTitle',
  method: 'get',
  path: '/public/buildingTitle',
  summary: 'Building register titles of a parcel (data.go.kr getBrTitleInfo, or the sample without a key)',
  tag: 'public',
  input: byPnu,
});

export const getFloorOutlineCall = defineCall<LookupAnswer<FloorOutline>>()({
  operationId: 'getFloorOutline',
  method: 'get',
  path: '/public/floorOutline',
  summary: 'Floor outline of the buildings of a parcel (getBrFlrOulnInfo)',
  tag: 'public',
  input: byPnu,
});

export const getExposedAreaCall = defineCall<LookupAnswer<ExposedArea>>()({
  operationId: 'getExposedArea',
  method: 'get',
  path: '/public/exposedArea',
  summary: 'Exclusive and common areas of every unit of a parcel (getBrExposPubuseAreaInfo)',
  tag: 'public',
  input: byPnu,
});

export const getLandPriceCall = defineCall<LookupAnswer<LandPrice>>()({
  operationId: 'getLandPrice',
  method: 'get',
  path: '/public/landPrice',
  summary: 'Official land price per year (VWorld getIndvdLandPriceAttr), one row a year, oldest first',
  tag: 'public',
  input: byPnu,
});

export const getApartPriceCall = defineCall<LookupAnswer<ApartPrice>>()({
  operationId: 'getApartPrice',
  method: 'get',
  path: '/public/apartPrice',
  summary:
    'Official apartment/villa prices of a parcel (getApartHousingPriceAttr), or of one unit with dong_nm and ho_nm',
  tag: 'public',
  input: v.pipe(
    v.object({ pnu, dong_nm: v.optional(unitName), ho_nm: v.optional(unitName) }),
    v.forward(
      v.check((i) => (i.dong_nm === undefined) === (i.ho_nm === undefined), 'dong_nm and ho_nm go together'),
      ['ho_nm'],
    ),
  ),
});

export const getHousePriceCall = defineCall<LookupAnswer<HousePrice>>()({
  operationId: 'getHousePrice',
  method: 'get',
  path: '/public/housePrice',
  summary: 'Official detached house price per year (VWorld getIndvdHousingPriceAttr), oldest first',
  tag: 'public',
  input: byPnu,
});
