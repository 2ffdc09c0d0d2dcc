import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  defaultMapFilter,
  type MapFilterState,
  toMapQuery,
  withPeriodType,
} from './filter-state.ts';
import { mapQuerySchema } from './query.ts';

const today = '2026-11-21';
const bounds = { south: 37.4, west: 126.9, north: 37.6, east: 127.1 };

function query(filter: Partial<MapFilterState>, extra: Partial<Parameters<typeof toMapQuery>[0]> = {}) {
  return toMapQuery({
    filter: { ...defaultMapFilter(today), ...filter },
    keyword: '',
    useKeyword: false,
    area: { kind: 'bounds', bounds },
    zoom: 14.5,
    sort: { site: 'S', price: '' },
    offset: 0,
    today,
    ...extra,
  });
}

describe('the map filter as a request (spec §7 mapping)', () => {
  it('sends nothing but the area for the default filter', () => {
    expect(query({})).toEqual({
      keyword: '',
      use_keyword: 'N',
      zoom_level: 14.5,
      sort_site: 'S',
      offset: 0,
      include_markers: 'Y',
      bounds,
    });
  });

  it('maps transaction letters T, C, I, M to 0-3', () => {
    expect(query({ trans: ['M', 'T', 'I', 'C'] }).trans_type).toEqual([0, 1, 2, 3]);
  });

  it('multiplies sale, charter, investment and deposit sliders by 100 (만원); rent stays in 만원', () => {
    const q = query({
      trans: ['T', 'C', 'I', 'M'],
      sale: [50, 300],
      charter: [100, 1000],
      invest: [5, 20],
      deposit: [10, 50],
      rent: [20, 100],
    });
    expect(q).toMatchObject({
      sale_min: 5000,
      sale_max: 30000,
      charter_min: 10000,
      invest_min: 500,
      invest_max: 2000,
      deposit_min: 1000,
      deposit_max: 5000,
      rent_min: 20,
      rent_max: 100,
    });
    // The top of a slider is "unlimited".
    expect(q.charter_max).toBeUndefined();
  });

  it('ignores the price sliders of transaction types that are not chosen', () => {
    const q = query({ trans: ['C'], sale: [50, 300], charter: [100, 200] });
    expect(q.sale_min).toBeUndefined();
    expect(q).toMatchObject({ charter_min: 10000, charter_max: 20000 });
  });

  it('strips spaces from the keyword and searches everywhere only with a keyword', () => {
    expect(query({}, { keyword: ' 래미안  역삼 ', useKeyword: true })).toMatchObject({
      keyword: '래미안역삼',
      use_keyword: 'Y',
    });
    expect(query({}, { keyword: '  ', useKeyword: true }).use_keyword).toBe('N');
  });

  it('sends rooms with "or more", area by the chosen measure, and fees', () => {
    const q = query({
      room: 4,
      roomMore: true,
      areaType: 'R',
      real: [20, 50],
      exclusive: [10, 20],
      feeTypes: ['T'],
      fee: [0, 30],
    });
    expect(q).toMatchObject({
      room_num: 4,
      room_more: 'Y',
      area_type: 'R',
      real_min: 20,
      fee_type: ['T'],
      fee_max: 30,
    });
    expect(q.real_max).toBeUndefined();
    expect(q.exclusive_min).toBeUndefined();
  });

  it('turns month and year sliders into Seoul calendar days', () => {
    expect(query({ regMonths: [1, 6] })).toMatchObject({
      reg_date_from: '2026-05-21',
      reg_date_to: '2026-10-21',
    });
    expect(query({ openYears: [5, 50] })).toMatchObject({ open_date_to: '2021-11-21' });
    expect(query({ openYears: [5, 50] }).open_date_from).toBeUndefined();
    expect(query({ periodType: 3 })).toMatchObject({
      open_date_from: '2026-08-21',
      open_date_to: '2027-02-21',
    });
    expect(query({ periodType: -1, openFrom: '2027-03', openTo: '2026-02' })).toMatchObject({
      open_date_from: '2026-02-01',
      open_date_to: '2027-03-31',
    });
  });

  it('puts the age slider back to 0..50 when an open-date period above 0 is chosen (spec §4)', () => {
    const f = { ...defaultMapFilter(today), openYears: [3, 10] as const };
    expect(withPeriodType(f, 6).openYears).toEqual([0, 50]);
    expect(withPeriodType(f, 0).openYears).toEqual([3, 10]);
  });

  it('clamps month arithmetic to the end of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-11-21', -24)).toBe('2024-11-21');
  });

  it('produces requests the server schema accepts', () => {
    const q = query(
      {
        siteType: 'G',
        maemul: [3, 1],
        trans: ['T'],
        sale: [0, 500],
        toilet: 2,
        elevator: 'Y',
        duplex: true,
        teras: true,
        safeCharter: true,
        smb: true,
        hideInquire: true,
        favorite: true,
      },
      {
        area: { kind: 'radius', lat: 37.5, lng: 127, km: 0.3 },
        sort: { site: 'U', price: 'CH' },
        offset: 20,
      },
    );
    expect(v.safeParse(mapQuerySchema, q).success).toBe(true);
    expect(q).toMatchObject({ maemul_type: [1, 3], lat: 37.5, radius: 0.3, sort_price: 'CH', favorite: 'Y' });
  });
});
