import type {
  ApartPrice,
  BuildingTitle,
  ExposedArea,
  FloorOutline,
  HousePrice,
  LandPrice,
} from '../../../sync/public-data/public-data.ts';
import { parcelOfPnu } from '../../../sync/public-data/public-data.ts';
import { createRng, type Rng } from '../../seed/random.ts';
import { type BuildingRegister, type PriceService, wholeList } from './public-data.ts';

/** The years the sample publishes: fixed, so a screenshot or a test reads the same on any day. */
export const SAMPLE_YEARS = ['2019', '2020', '2021', '2022', '2023', '2024', '2025'] as const;

/** The same parcel always gives the same sample (FNV-1a of the PNU seeds the generator). */
function rngOf({ pnu, salt }: { pnu: string; salt: string }): Rng {
  let h = 0x811c9dc5;
  for (const ch of `${pnu}:${salt}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return createRng(h >>> 0);
}

/** Seoul's gangnam districts cost more than Gyeonggi: the sample's land price follows the region. */
function baseLandPrice(pnu: string, rng: Rng): number {
  const sigungu = parcelOfPnu(pnu).sigunguCd;
  const centre = ['11680', '11650', '11710'].includes(sigungu)
    ? 12_000_000
    : sigungu.startsWith('11')
      ? 6_500_000
      : 2_800_000;
  return Math.round(rng.around(centre, centre * 0.25) / 1000) * 1000;
}

interface Building {
  dongNm: string;
  floors: number;
  perFloor: number;
  area: number;
}

/** One to three buildings; a lone building has no dong name, as the register writes it. */
function buildingsOf(pnu: string): Building[] {
  const rng = rngOf({ pnu, salt: 'buildings' });
  const count = rng.int(1, 3);
  return Array.from({ length: count }, (_, i) => ({
    dongNm: count === 1 ? '' : `${101 + i}동`,
    floors: rng.int(5, 15),
    perFloor: rng.int(2, 4),
    area: Math.round(rng.around(59, 15) * 100) / 100,
  }));
}

function hoNames(b: Building): Array<{ floor: number; hoNm: string }> {
  const out: Array<{ floor: number; hoNm: string }> = [];
  for (let floor = 1; floor <= b.floors; floor++) {
    for (let line = 1; line <= b.perFloor; line++)
      out.push({ floor, hoNm: `${floor}${String(line).padStart(2, '0')}호` });
  }
  return out;
}

/**
 * Works with no key and no network: deterministic, realistic answers for any parcel (the demo
 * sites' included), labelled 'sample data' on every screen that shows them.
 */
export function sampleBuildingRegister(): BuildingRegister {
  return {
    source: 'sample',
    pageRows: Number.MAX_SAFE_INTEGER,
    titles: wholeList(async ({ pnu }) => {
      const rng = rngOf({ pnu, salt: 'titles' });
      const name = rng.pick(['분양톡', '한빛', '푸른솔', '대림', '청솔', '하늘채']);
      return buildingsOf(pnu).map(
        (b, i): BuildingTitle => ({
          mgmBldrgstPk: `${pnu.slice(0, 10)}-${100_000 + i}`,
          dongNm: b.dongNm,
          bldNm: `${name}${rng.pick(['빌', '하우스', '파크', '스테이'])}`,
          useAprDay: `20${rng.int(15, 24)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`,
          mainPurpsCdNm: rng.pick(['공동주택', '공동주택', '업무시설']),
          strctCdNm: rng.pick(['철근콘크리트구조', '철골철근콘크리트구조']),
          grndFlrCnt: b.floors,
          ugrndFlrCnt: rng.int(0, 2),
          hhldCnt: b.floors * b.perFloor,
          hoCnt: 0,
          fmlyCnt: 0,
          parkingCnt: Math.round(b.floors * b.perFloor * 1.1),
          rideUseElvtCnt: rng.int(1, 2),
          emgenUseElvtCnt: rng.int(0, 1),
          totArea: Math.round(b.area * 1.35 * b.floors * b.perFloor * 100) / 100,
          platArea: Math.round(rng.around(600, 150) * 100) / 100,
        }),
      );
    }),
    floors: wholeList(async ({ pnu }) =>
      buildingsOf(pnu).flatMap((b) =>
        Array.from(
          { length: b.floors },
          (_, i): FloorOutline => ({
            dongNm: b.dongNm,
            flrGbCdNm: '지상',
            flrNo: i + 1,
            flrNoNm: `${i + 1}층`,
            mainPurpsCdNm: i === 0 ? '근린생활시설' : '공동주택',
            etcPurps: i === 0 ? '소매점' : '다세대주택',
            area: Math.round(b.area * 1.35 * b.perFloor * 100) / 100,
          }),
        ),
      ),
    ),
    exposedAreas: wholeList(async ({ pnu }) =>
      buildingsOf(pnu).flatMap((b) =>
        hoNames(b).flatMap(({ floor, hoNm }): ExposedArea[] => [
          {
            dongNm: b.dongNm,
            hoNm,
            flrNo: floor,
            flrGbCdNm: '지상',
            exposPubuseGbCdNm: '전유',
            mainPurpsCdNm: '다세대주택',
            area: b.area,
          },
          {
            dongNm: b.dongNm,
            hoNm,
            flrNo: floor,
            flrGbCdNm: '지상',
            exposPubuseGbCdNm: '공용',
            mainPurpsCdNm: '계단실',
            area: Math.round(b.area * 0.35 * 100) / 100,
          },
        ]),
      ),
    ),
  };
}

/** Yearly growth between 1% and 9%: prices of the sample rise the way published ones did. */
function yearly({ start, rng }: { start: number; rng: Rng }): number[] {
  let value = start;
  return SAMPLE_YEARS.map((_, i) => {
    if (i > 0) value *= 1 + rng.int(1, 9) / 100;
    return value;
  });
}

export function samplePriceService(): PriceService {
  return {
    source: 'sample',
    pageRows: Number.MAX_SAFE_INTEGER,
    landPrices: wholeList(async ({ pnu }) => {
      const rng = rngOf({ pnu, salt: 'land' });
      const values = yearly({ start: baseLandPrice(pnu, rng), rng });
      return SAMPLE_YEARS.map(
        (year, i): LandPrice => ({
          stdrYear: year,
          pblntfPclnd: Math.round((values[i] ?? 0) / 1000) * 1000,
          pblntfDe: `${year}-05-31`,
        }),
      );
    }),
    apartPrices: wholeList(async ({ pnu, dongNm, hoNm }: { pnu: string; dongNm?: string; hoNm?: string }) => {
      const rng = rngOf({ pnu, salt: 'apart' });
      const perSqm = baseLandPrice(pnu, rng) * 0.45;
      const aphusNm = `${rng.pick(['분양톡', '한빛', '푸른솔'])}${rng.pick(['빌라', '맨션', '하이츠'])}`;
      const units = buildingsOf(pnu).flatMap((b) => hoNames(b).map((h) => ({ ...h, b })));
      return units
        .filter(
          (u) => (dongNm === undefined || u.b.dongNm === dongNm) && (hoNm === undefined || u.hoNm === hoNm),
        )
        .flatMap(({ b, floor, hoNm: ho }) => {
          const unitRng = rngOf({ pnu, salt: `${b.dongNm}${ho}` });
          const values = yearly({ start: perSqm * b.area * (1 + floor / 100), rng: unitRng });
          return SAMPLE_YEARS.map(
            (year, i): ApartPrice => ({
              aphusNm,
              dongNm: b.dongNm,
              hoNm: ho,
              stdrYear: year,
              prvuseAr: b.area,
              pblntfPc: Math.round((values[i] ?? 0) / 1_000_000) * 1_000_000,
            }),
          );
        });
    }),
    housePrices: wholeList(async ({ pnu }) => {
      const rng = rngOf({ pnu, salt: 'house' });
      const land = Math.round(rng.around(200, 60) * 10) / 10;
      const values = yearly({ start: baseLandPrice(pnu, rng) * land * 0.8, rng });
      return SAMPLE_YEARS.map(
        (year, i): HousePrice => ({
          stdrYear: year,
          buldAllTotAr: Math.round(land * 1.4 * 10) / 10,
          ladRegstrAr: land,
          housePc: Math.round((values[i] ?? 0) / 1_000_000) * 1_000_000,
        }),
      );
    }),
  };
}
