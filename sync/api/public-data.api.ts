import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { publicDataResponses } from './public-data.responses.ts';

/** A 19-digit parcel number (design guide: 법정동코드 10 + land digit 1/2 + 본번 4 + 부번 4). */
const pnu = v.pipe(v.string('pnu required'), v.regex(/^\d{10}[12]\d{8}$/, 'pnu must be 19 digits'));
const byPnu = v.object({ pnu });
/** A dong or ho name as the register writes it ('101동', '1203호', or empty for none). */
const unitName = v.pipe(v.string(), v.trim(), v.maxLength(40));

export const getBuildingTitleCall = defineCall<Answer<typeof publicDataResponses, 'getBuildingTitle'>>()({
  operationId: 'getBuildingTitle',
  method: 'get',
  path: '/public/buildingTitle',
  summary: 'Building register titles of a parcel (data.go.kr getBrTitleInfo, or the sample without a key)',
  tag: 'public',
  input: byPnu,
});

export const getFloorOutlineCall = defineCall<Answer<typeof publicDataResponses, 'getFloorOutline'>>()({
  operationId: 'getFloorOutline',
  method: 'get',
  path: '/public/floorOutline',
  summary: 'Floor outline of the buildings of a parcel (getBrFlrOulnInfo)',
  tag: 'public',
  input: byPnu,
});

export const getExposedAreaCall = defineCall<Answer<typeof publicDataResponses, 'getExposedArea'>>()({
  operationId: 'getExposedArea',
  method: 'get',
  path: '/public/exposedArea',
  summary: 'Exclusive and common areas of every unit of a parcel (getBrExposPubuseAreaInfo)',
  tag: 'public',
  input: byPnu,
});

export const getLandPriceCall = defineCall<Answer<typeof publicDataResponses, 'getLandPrice'>>()({
  operationId: 'getLandPrice',
  method: 'get',
  path: '/public/landPrice',
  summary: 'Official land price per year (VWorld getIndvdLandPriceAttr), one row a year, oldest first',
  tag: 'public',
  input: byPnu,
});

export const getApartPriceCall = defineCall<Answer<typeof publicDataResponses, 'getApartPrice'>>()({
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

export const getHousePriceCall = defineCall<Answer<typeof publicDataResponses, 'getHousePrice'>>()({
  operationId: 'getHousePrice',
  method: 'get',
  path: '/public/housePrice',
  summary: 'Official detached house price per year (VWorld getIndvdHousingPriceAttr), oldest first',
  tag: 'public',
  input: byPnu,
});

/** An officetel level name as the imported file writes it (building number, dong, floor, ho). */
const levelName = v.pipe(v.string(), v.trim(), v.maxLength(40));

export const getOfficetelLevelCall = defineCall<Answer<typeof publicDataResponses, 'getOfficetelLevel'>>()({
  operationId: 'getOfficetelLevel',
  method: 'get',
  path: '/public/officetelLevel',
  summary:
    'Officetel standard price levels of a parcel from the imported file: 1 buildings, 2 dongs of buildnum, 3 floors of dong, 4 hos of floor',
  tag: 'public',
  input: v.object({
    pnu,
    level: v.pipe(
      v.union([
        v.number(),
        v.pipe(v.string(), v.regex(/^[1-4]$/, 'level must be 1 to 4'), v.transform(Number)),
      ]),
      v.integer('level must be 1 to 4'),
      v.minValue(1, 'level must be 1 to 4'),
      v.maxValue(4, 'level must be 1 to 4'),
    ),
    buildnum: v.optional(levelName),
    dong: v.optional(levelName),
    floor: v.optional(levelName),
  }),
});

export const getOfficetelPriceCall = defineCall<Answer<typeof publicDataResponses, 'getOfficetelPrice'>>()({
  operationId: 'getOfficetelPrice',
  method: 'get',
  path: '/public/officetelPrice',
  summary:
    'Officetel standard price of one unit per year, with value = per-㎡ price × (exclusive + shared area)',
  tag: 'public',
  input: v.object({ pnu, buildnum: levelName, dong: levelName, floor: levelName, ho: levelName }),
});

export const importOfficetelPricesCall = defineCall<
  Answer<typeof publicDataResponses, 'importOfficetelPrices'>
>()({
  operationId: 'importOfficetelPrices',
  method: 'post',
  path: '/admin/importOfficetelPrices',
  summary:
    'Imports the yearly officetel standard price file (CSV or XLSX; columns pnu, build_addr, buildnum, dong, floor, ho, pbdate, totarea, sharea, pbprice); a year imported again is replaced',
  tag: 'admin',
  multipart: true,
  maxBodyBytes: 60 * 1024 * 1024,
  input: v.object({
    file: v.instance(File, 'a CSV or XLSX file is required'),
    year: v.pipe(v.string('year required'), v.regex(/^\d{4}$/, 'year must be 4 digits')),
  }),
});
