import { describe, expect, it } from 'vitest';
import { pnuOf } from '../../sync/api/address.api.ts';
import { parcelOfPnu, withLandType } from '../../sync/public-data/public-data.ts';
import { tidyApartPrices, tidyLandPrices } from './tidy.ts';

describe('parcel number', () => {
  it('is the legal-dong code, the land type digit, then main and sub numbers padded to 4', () => {
    expect(pnuOf({ b_code: '1168010100', land_type: 1, main_address_no: 7, sub_address_no: 0 })).toBe(
      '1168010100100070000',
    );
    expect(pnuOf({ b_code: '4113510300', land_type: 2, main_address_no: 1234, sub_address_no: 56 })).toBe(
      '4113510300212340056',
    );
  });

  it('splits back into the register parameters, a mountain parcel included', () => {
    expect(parcelOfPnu('4113510300212340056')).toEqual({
      bCode: '4113510300',
      sigunguCd: '41135',
      bjdongCd: '10300',
      landType: 2,
      bun: '1234',
      ji: '0056',
    });
  });

  it('reads the same parcel as mountain land for the special-land choice', () => {
    expect(withLandType({ pnu: '1168010100100070000', landType: 2 })).toBe('1168010100200070000');
    expect(withLandType({ pnu: '1168010100200070000', landType: 1 })).toBe('1168010100100070000');
  });
});

describe('de-duplication by stdrYear', () => {
  it('keeps one land price a year, oldest first, the one published last winning', () => {
    expect(
      tidyLandPrices([
        { stdrYear: '2022', pblntfPclnd: 3, pblntfDe: '2022-05-31' },
        { stdrYear: '2021', pblntfPclnd: 1, pblntfDe: '2021-05-31' },
        { stdrYear: '2022', pblntfPclnd: 2, pblntfDe: '2022-04-30' },
        { stdrYear: '', pblntfPclnd: 9, pblntfDe: '' },
      ]),
    ).toEqual([
      { stdrYear: '2021', pblntfPclnd: 1, pblntfDe: '2021-05-31' },
      { stdrYear: '2022', pblntfPclnd: 3, pblntfDe: '2022-05-31' },
    ]);
  });

  it('keeps the years of different apartment units apart', () => {
    const row = (hoNm: string, stdrYear: string, pblntfPc: number) => ({
      aphusNm: '역삼하이츠',
      dongNm: '101동',
      hoNm,
      stdrYear,
      prvuseAr: 59.9,
      pblntfPc,
    });
    expect(
      tidyApartPrices([
        row('201호', '2024', 5),
        row('101호', '2024', 4),
        row('101호', '2024', 6),
        row('101호', '2023', 3),
      ]),
    ).toEqual([row('101호', '2023', 3), row('101호', '2024', 6), row('201호', '2024', 5)]);
  });
});
