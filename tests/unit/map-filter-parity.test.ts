import Dexie from 'dexie';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBounds, type InsertedFixture, insertFixture } from '../../server/map/map.fixture.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { LocalDb } from '../../src/db/db.ts';
import { searchOffline } from '../../src/features/map/offline-search.ts';
import type { MapSearchResult } from '../../sync/map/query.ts';
import { type MapQueryInput, mapQuerySchema } from '../../sync/map/query.ts';
import { copyToDevice } from '../support/device-copy.ts';

/**
 * One table, two searches: every filter and sort of the map, run through the server's SQL
 * search (over HTTP, with validation and the indexes) and through the offline search over
 * IndexedDB rows copied from the same database. Both must return exactly the expected sites,
 * in order.
 */

const all = ['raemian2', 'raemian', 'xi', 'hillstate', 'completed', 'officetel', 'tower', 'mansion', 'villa'];
const nulls = ['hillstate', 'completed', 'officetel', 'villa'];

const cases: Array<{ name: string; query: Partial<MapQueryInput>; expected: string[] }> = [
  { name: 'no filter: every visible site in the viewport, newest first', query: {}, expected: all },
  {
    name: 'keyword of 3+ characters (trigram index)',
    query: { keyword: '래미안' },
    expected: ['raemian2', 'raemian'],
  },
  {
    name: 'keyword with use_keyword Y searches beyond the viewport',
    query: { keyword: '래미안', use_keyword: 'Y' },
    expected: ['raemian2', 'raemian', 'bundang'],
  },
  {
    name: 'keyword of 2 characters (scan fallback) in names and addresses',
    query: { keyword: '역삼' },
    expected: ['raemian2', 'raemian', 'xi', 'officetel', 'tower', 'villa'],
  },
  {
    name: 'short keyword with use_keyword Y',
    query: { keyword: '정자', use_keyword: 'Y' },
    expected: ['bundang'],
  },
  {
    name: 'keyword spaces are stripped',
    query: { keyword: '래미안 역삼' },
    expected: ['raemian2', 'raemian'],
  },
  { name: 'keyword ignores ASCII case', query: { keyword: 'ABC tow' }, expected: ['tower'] },
  { name: 'short ASCII keyword ignores case', query: { keyword: 'aB' }, expected: ['tower'] },
  { name: 'site type G', query: { site_type: 'G' }, expected: ['officetel', 'tower', 'mansion', 'villa'] },
  {
    name: 'site type O',
    query: { site_type: 'O' },
    expected: ['raemian2', 'raemian', 'xi', 'hillstate', 'completed'],
  },
  { name: 'property type in a comma list', query: { maemul_type: [1] }, expected: ['xi', 'officetel'] },
  { name: 'property type listed second', query: { maemul_type: [4] }, expected: ['raemian2'] },
  { name: 'several property types', query: { maemul_type: [0, 6] }, expected: ['tower', 'mansion', 'villa'] },
  {
    name: 'transaction type charter (C → 1)',
    query: { trans_type: [1] },
    expected: ['raemian2', 'xi', 'villa'],
  },
  { name: 'transaction type investment (I → 2)', query: { trans_type: [2] }, expected: ['officetel'] },
  { name: 'transaction type monthly (M → 3)', query: { trans_type: [3] }, expected: ['mansion', 'villa'] },
  {
    name: 'either of two transaction types, and nothing else',
    query: { trans_type: [1, 3] },
    expected: ['raemian2', 'xi', 'mansion', 'villa'],
  },
  {
    name: 'sale range overlaps the advertised range; inquiry and completed sites have no price',
    query: { sale_min: 50000, sale_max: 90000 },
    expected: ['raemian', 'xi', 'mansion'],
  },
  { name: 'sale maximum only', query: { sale_max: 50000 }, expected: ['tower', 'mansion'] },
  { name: 'charter range', query: { charter_min: 30000, charter_max: 50000 }, expected: ['xi'] },
  {
    name: 'two types: either one satisfying its own range',
    query: { trans_type: [0, 1], sale_min: 100000, charter_max: 25000 },
    expected: ['raemian2', 'raemian', 'villa'],
  },
  { name: 'investment minimum', query: { invest_min: 6000 }, expected: ['officetel'] },
  { name: 'investment maximum below every price', query: { invest_max: 4000 }, expected: [] },
  {
    name: 'deposit and rent maxima together',
    query: { deposit_max: 2000, rent_max: 60 },
    expected: ['villa'],
  },
  { name: 'rent minimum', query: { rent_min: 120 }, expected: ['mansion'] },
  { name: 'safe charter', query: { safe_charter: 'Y' }, expected: ['xi'] },
  { name: 'small business loan (smb)', query: { smb: 'Y' }, expected: ['villa'] },
  { name: 'show inquiry-only sites', query: { show_site_inquire_only: 'Y' }, expected: ['hillstate'] },
  {
    name: 'hide inquiry sites',
    query: { not_show_site_inquire: 'Y' },
    expected: all.filter((n) => n !== 'hillstate'),
  },
  {
    name: 'inquiry-only within a transaction type the site lacks',
    query: { show_site_inquire_only: 'Y', trans_type: [1] },
    expected: [],
  },
  {
    name: 'rooms exactly 2 (general: own count; new open: an area type)',
    query: { room_num: 2 },
    expected: ['xi', 'villa'],
  },
  {
    name: 'rooms 3 or more',
    query: { room_num: 3, room_more: 'Y' },
    expected: ['raemian2', 'raemian', 'hillstate', 'completed', 'tower', 'mansion'],
  },
  { name: 'one room (stored as 0)', query: { room_num: 0 }, expected: ['officetel'] },
  {
    name: 'toilets exactly 3 (new open: any unit)',
    query: { toilet_num: 3 },
    expected: ['raemian2', 'completed', 'tower'],
  },
  {
    name: 'toilets 2 or more',
    query: { toilet_num: 2, toilet_more: 'Y' },
    expected: ['raemian2', 'raemian', 'hillstate', 'completed', 'tower', 'mansion'],
  },
  { name: 'no elevator', query: { elevator: 'N' }, expected: ['officetel', 'villa'] },
  {
    name: 'with elevator',
    query: { elevator: 'Y' },
    expected: ['raemian2', 'raemian', 'xi', 'hillstate', 'mansion'],
  },
  { name: 'duplex', query: { duplex: 'Y' }, expected: ['villa'] },
  { name: 'terrace', query: { teras: 'Y' }, expected: ['officetel'] },
  {
    name: 'exclusive area range (평)',
    query: { area_type: 'E', exclusive_min: 20, exclusive_max: 30, real_min: 0, real_max: 1 },
    expected: ['raemian2', 'raemian', 'mansion'],
  },
  {
    name: 'real area minimum',
    query: { area_type: 'R', real_min: 50, exclusive_max: 1 },
    expected: ['raemian2', 'completed', 'tower'],
  },
  { name: 'area type without a range filters nothing', query: { area_type: 'E' }, expected: all },
  { name: 'fee type', query: { fee_type: ['C'] }, expected: ['xi', 'officetel', 'villa'] },
  {
    name: 'fee minimum over any fee type; a fee on inquiry has no value',
    query: { fee_min: 25 },
    expected: ['raemian2', 'raemian', 'completed', 'officetel'],
  },
  { name: 'fee type with a maximum', query: { fee_type: ['T'], fee_max: 30 }, expected: ['xi', 'officetel'] },
  {
    name: 'registered since a Seoul day',
    query: { reg_date_from: '2026-09-01' },
    expected: ['raemian2', 'raemian', 'xi'],
  },
  {
    name: 'registration day is the Seoul day, not the UTC one',
    query: { reg_date_from: '2026-11-20', reg_date_to: '2026-11-20' },
    expected: ['raemian2'],
  },
  {
    name: 'registered up to a day',
    query: { reg_date_to: '2026-11-19' },
    expected: all.filter((n) => n !== 'raemian2'),
  },
  {
    name: 'opening from a day',
    query: { open_date_from: '2027-01-01' },
    expected: ['raemian2', 'raemian', 'hillstate'],
  },
  { name: 'opened up to a day', query: { open_date_to: '2000-12-31' }, expected: ['tower'] },
  { name: 'favourites', query: { favorite: 'Y' }, expected: ['xi', 'tower'] },
  {
    name: 'radius 0.3 km',
    query: { bounds: undefined, lat: 37.5, lng: 127.03, radius: 0.3 },
    expected: ['raemian2', 'raemian', 'officetel', 'tower', 'villa'],
  },
  {
    name: 'radius 1.2 km',
    query: { bounds: undefined, lat: 37.5, lng: 127.03, radius: 1.2 },
    expected: ['raemian2', 'raemian', 'xi', 'hillstate', 'officetel', 'tower', 'mansion', 'villa'],
  },
  {
    name: 'sort by site price, low first; no known price last',
    query: { sort_price: 'PL' },
    expected: ['tower', 'mansion', 'xi', 'raemian', 'raemian2', ...nulls],
  },
  {
    name: 'sort by site price, high first',
    query: { sort_price: 'PH' },
    expected: ['raemian2', 'raemian', 'xi', 'mansion', 'tower', ...nulls],
  },
  {
    name: 'sort by site collateral, low first',
    query: { sort_price: 'CL' },
    expected: ['tower', 'mansion', 'xi', 'raemian', 'raemian2', ...nulls],
  },
  {
    name: 'sort by site collateral, high first',
    query: { sort_price: 'CH' },
    expected: ['raemian2', 'raemian', 'xi', 'mansion', 'tower', ...nulls],
  },
  {
    name: 'sort by unit price, low first (unsold, priced units; sites without units by their range)',
    query: { sort_site: 'U', sort_price: 'PL' },
    expected: ['tower', 'mansion', 'raemian', 'xi', 'raemian2', ...nulls],
  },
  {
    name: 'sort by unit price, high first',
    query: { sort_site: 'U', sort_price: 'PH' },
    expected: ['raemian2', 'raemian', 'xi', 'mansion', 'tower', ...nulls],
  },
  {
    name: 'sort by unit collateral, low first',
    query: { sort_site: 'U', sort_price: 'CL' },
    expected: ['tower', 'mansion', 'xi', 'raemian', 'raemian2', ...nulls],
  },
  {
    name: 'sort by unit collateral, high first',
    query: { sort_site: 'U', sort_price: 'CH' },
    expected: ['raemian2', 'raemian', 'xi', 'mansion', 'tower', ...nulls],
  },
  {
    name: 'a price sort follows the chosen transaction type',
    query: { trans_type: [1], sort_price: 'PL' },
    expected: ['villa', 'xi', 'raemian2'],
  },
  {
    name: 'unit sort falls back to the site range when no unit has that price',
    query: { trans_type: [1], sort_site: 'U', sort_price: 'PH' },
    expected: ['raemian2', 'xi', 'villa'],
  },
  { name: 'paging: the second part of the list', query: { offset: 5 }, expected: all.slice(5) },
  {
    name: 'filters combine',
    query: {
      trans_type: [0],
      sale_max: 100000,
      room_num: 3,
      room_more: 'Y',
      elevator: 'Y',
      sort_price: 'PL',
    },
    expected: ['mansion', 'raemian', 'raemian2'],
  },
];

let t: TestApp;
let fixture: InsertedFixture;
let token: string;
let device: LocalDb;

beforeAll(async () => {
  t = await createTestApp();
  const userIdx = await insertUser(t, { f_usage_date: '2099-01-01T00:00:00.000Z' });
  token = await insertSession(t, { userIdx });
  fixture = await insertFixture(t, userIdx);
  device = new LocalDb(`map-parity-${Date.now()}`);
  await copyToDevice({ t, db: device, userIdx });
});

afterAll(async () => {
  await t.close();
  device.close();
  await Dexie.delete(device.name);
});

function body(query: Partial<MapQueryInput>): MapQueryInput {
  return { bounds: fixtureBounds, ...query } as MapQueryInput;
}

async function online(query: Partial<MapQueryInput>): Promise<MapSearchResult> {
  const res = await t.call<MapSearchResult>('/site/searchSiteForMap_app', { token, body: body(query) });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

async function offline(query: Partial<MapQueryInput>): Promise<MapSearchResult> {
  return searchOffline({ query: v.parse(mapQuerySchema, body(query)), db: device });
}

describe('map filters and sorts: the same table on the server and offline', () => {
  it.each(cases)('$name', async ({ query, expected }) => {
    const server = await online(query);
    const local = await offline(query);
    const names = (r: MapSearchResult) => r.list.map((s) => fixture.nameOf(s.f_idx));
    expect(names(server)).toEqual(expected);
    expect(names(local)).toEqual(expected);
    const total = (query.offset ?? 0) + expected.length;
    expect(server.count).toBe(total);
    expect(local.count).toBe(total);
    expect(local.list).toEqual(server.list);
  });

  it('gives the same pins at a street zoom', async () => {
    const server = await online({ zoom_level: 15 });
    const local = await offline({ zoom_level: 15 });
    expect(server.mode).toBe('pins');
    expect(server.pins.map(([idx]) => fixture.nameOf(idx)).sort()).toEqual([...all].sort());
    expect(local.pins).toEqual(server.pins);
  });

  it('labels each pin with its lowest sale price (else charter, investment, deposit), none when sold out', async () => {
    const server = await online({ zoom_level: 15 });
    const withPrice = server.pins.filter((p) => p[5] !== null);
    expect(withPrice.length).toBeGreaterThan(0);
    const listed = await online({ zoom_level: 15, offset: 0 });
    for (const site of listed.list) {
      const pin = server.pins.find((p) => p[0] === site.f_idx);
      const expected =
        site.f_complete === 'Y'
          ? null
          : ([
              site.f_sale_price_min,
              site.f_charter_price_min,
              site.f_invest_price_min,
              site.f_monthly_deposit_min,
            ].find((v) => v > 0) ?? null);
      expect(pin?.[5]).toBe(expected);
    }
  });

  it('gives the same clusters at a city zoom', async () => {
    const server = await online({
      zoom_level: 11,
      bounds: { south: 37, west: 126.5, north: 38, east: 127.5 },
    });
    const local = await offline({
      zoom_level: 11,
      bounds: { south: 37, west: 126.5, north: 38, east: 127.5 },
    });
    expect(server.mode).toBe('clusters');
    expect(server.pins).toEqual([]);
    expect(server.clusters.reduce((n, c) => n + c.count, 0)).toBe(all.length + 1);
    expect(server.clusters.length).toBeGreaterThan(1);
    expect(local.clusters).toEqual(server.clusters);
  });
});
