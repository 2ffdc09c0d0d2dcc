import type SQLite from 'better-sqlite3';
import { copyRows } from '../db/copy-rows.ts';
import { openTestDatabase } from '../db/database.ts';
import { generateSites } from '../seed/sites.generator.ts';
import { emptySiteColumns, type NewSite } from '../sites/sites.tables.ts';
import { insertUser, type TestApp } from '../testing/fixtures.ts';

/**
 * A small fixed neighbourhood (around Yeoksam, Seoul) for the table-driven map tests: each
 * site exists to be caught or missed by some filter. `name` keys are what the tests expect;
 * the ids are looked up after insertion.
 */

export interface FixtureSite {
  name: string;
  site: Partial<NewSite>;
  rooms?: Array<{ f_room: number; f_exclusive_pyong: number; f_real_pyong: number }>;
  units?: Array<{
    f_toilet?: number;
    f_complete?: 'Y' | 'N';
    f_sale_price?: number;
    f_collateral_price?: number;
    f_charter_price?: number;
    f_inquire_price?: 'Y' | 'N';
  }>;
  liked?: boolean;
}

const at = (lat: number, lng: number) => ({ f_latitude: lat, f_longitude: lng });

export const fixtureSites: FixtureSite[] = [
  {
    name: 'raemian',
    site: {
      f_name: '래미안 역삼 센트럴',
      f_site_type: 'O',
      f_address1: '서울특별시 강남구 역삼동 1',
      ...at(37.5, 127.03),
      f_maemul_type: '2',
      f_transaction_type: '0',
      f_sale_price_min: 80000,
      f_sale_price_max: 100000,
      f_collateral_price_min: 56000,
      f_collateral_price_max: 64000,
      f_fee_type: 'T',
      f_fee_t: 50,
      f_elevator: 'Y',
      f_open_date: '2027-03-01',
      f_reg_time: '2026-10-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 3, f_exclusive_pyong: 25.4, f_real_pyong: 33.8 }],
    units: [
      { f_toilet: 2, f_sale_price: 95000, f_collateral_price: 60000 },
      // Cheaper than the advertised range: sorting by unit puts this site ahead of 'xi'.
      { f_toilet: 2, f_sale_price: 58000, f_collateral_price: 57000 },
    ],
  },
  {
    name: 'xi',
    site: {
      f_name: '자이 강남 파크뷰',
      f_site_type: 'O',
      f_address1: '서울특별시 강남구 역삼동 20',
      ...at(37.505, 127.035),
      f_maemul_type: '1,3',
      f_transaction_type: '0,1',
      f_sale_price_min: 60000,
      f_sale_price_max: 70000,
      f_collateral_price_min: 42000,
      f_collateral_price_max: 49000,
      f_charter_price_min: 40000,
      f_charter_price_max: 45000,
      f_safe_charter: 'Y',
      f_fee_type: 'T,C',
      f_fee_t: 20,
      f_fee_c: 5,
      f_elevator: 'Y',
      f_open_date: '2026-12-01',
      f_reg_time: '2026-09-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 2, f_exclusive_pyong: 18, f_real_pyong: 24 }],
    units: [
      { f_toilet: 1, f_sale_price: 61000, f_collateral_price: 43000, f_charter_price: 40000 },
      { f_toilet: 1, f_sale_price: 69000, f_collateral_price: 48000, f_charter_price: 44000 },
      // Sold: never the cheapest unit.
      { f_toilet: 1, f_sale_price: 50000, f_collateral_price: 30000, f_complete: 'Y' },
    ],
    liked: true,
  },
  {
    name: 'villa',
    site: {
      f_name: '역삼 그린빌라',
      f_site_type: 'G',
      f_address1: '서울특별시 강남구 역삼동 300',
      f_address2: '2층',
      ...at(37.498, 127.028),
      f_maemul_type: '0',
      f_transaction_type: '1,3',
      f_charter_price_min: 20000,
      f_charter_price_max: 22000,
      f_monthly_deposit_min: 1000,
      f_monthly_deposit_max: 3000,
      f_monthly_rent_min: 50,
      f_monthly_rent_max: 80,
      f_smb: 'Y',
      f_room_num: 2,
      f_toilet_num: 1,
      f_duplex: 'Y',
      f_elevator: 'N',
      f_fee_type: 'C,S',
      f_fee_c: 3,
      f_fee_s: 1,
      f_open_date: '2010-05-01',
      f_reg_time: '2025-12-15T01:00:00.000Z',
    },
    rooms: [{ f_room: 2, f_exclusive_pyong: 10, f_real_pyong: 14 }],
  },
  {
    name: 'officetel',
    site: {
      f_name: '강남 스카이오피스텔',
      f_site_type: 'G',
      f_address1: '서울특별시 강남구 역삼동 45',
      ...at(37.502, 127.031),
      f_maemul_type: '1',
      f_transaction_type: '2',
      f_invest_price_min: 5000,
      f_invest_price_max: 9000,
      f_room_num: 0,
      f_toilet_num: 1,
      f_teras: 'Y',
      f_elevator: 'N',
      f_fee_type: 'T,C',
      f_fee_t: 30,
      f_fee_c: 10,
      f_open_date: '2020-01-01',
      f_reg_time: '2026-05-10T01:00:00.000Z',
    },
    rooms: [{ f_room: 0, f_exclusive_pyong: 7, f_real_pyong: 15 }],
  },
  {
    name: 'hillstate',
    site: {
      f_name: '힐스테이트 대치',
      f_site_type: 'O',
      f_address1: '서울특별시 강남구 대치동 5',
      ...at(37.495, 127.04),
      f_maemul_type: '2',
      f_transaction_type: '0',
      f_site_inquire_sale: 'Y',
      f_fee_type: 'T',
      f_fee_t: 40,
      f_fee_site_inquire_t: 'Y',
      f_elevator: 'Y',
      f_open_date: '2028-01-01',
      f_reg_time: '2026-08-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 3, f_exclusive_pyong: 34, f_real_pyong: 45 }],
    units: [{ f_toilet: 2, f_inquire_price: 'Y' }],
  },
  {
    name: 'completed',
    site: {
      f_name: '푸르지오 개포',
      f_site_type: 'O',
      f_address1: '서울특별시 강남구 개포동 7',
      ...at(37.49, 127.045),
      f_maemul_type: '2',
      f_transaction_type: '0',
      f_sale_price_min: 90000,
      f_sale_price_max: 120000,
      f_collateral_price_min: 63000,
      f_collateral_price_max: 80000,
      f_complete: 'Y',
      f_fee_type: 'T',
      f_fee_t: 60,
      f_open_date: '2026-06-01',
      f_reg_time: '2026-07-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 4, f_exclusive_pyong: 40, f_real_pyong: 52 }],
    units: [{ f_toilet: 3, f_sale_price: 90000 }],
  },
  {
    name: 'hidden',
    site: {
      f_name: '래미안 숨김',
      f_site_type: 'O',
      ...at(37.5, 127.03),
      f_transaction_type: '0',
      f_sale_price_min: 70000,
      f_sale_price_max: 70000,
      f_hidden: 'Y',
      f_reg_time: '2026-11-01T01:00:00.000Z',
    },
  },
  {
    name: 'draft',
    site: {
      f_name: '래미안 임시저장',
      f_site_type: 'O',
      ...at(37.5, 127.03),
      f_transaction_type: '0',
      f_status: 'P',
      f_reg_time: '2026-11-02T01:00:00.000Z',
    },
  },
  {
    name: 'bundang',
    site: {
      f_name: '래미안 분당',
      f_site_type: 'O',
      f_address1: '경기도 성남시 분당구 정자동 3',
      ...at(37.36, 127.11),
      f_maemul_type: '2',
      f_transaction_type: '0',
      f_sale_price_min: 70000,
      f_sale_price_max: 90000,
      f_reg_time: '2026-06-01T01:00:00.000Z',
    },
  },
  {
    name: 'tower',
    site: {
      f_name: 'AbC Tower',
      f_site_type: 'G',
      f_address1: '서울특별시 강남구 역삼동 77',
      ...at(37.501, 127.029),
      f_maemul_type: '6',
      f_transaction_type: '0',
      f_sale_price_min: 30000,
      f_sale_price_max: 30000,
      f_collateral_price_min: 20000,
      f_collateral_price_max: 21000,
      f_room_num: 4,
      f_toilet_num: 3,
      f_fee_type: 'I',
      f_fee_i: 10,
      f_fee_site_inquire_i: 'Y',
      f_elevator: 'U',
      f_open_date: '1990-07-01',
      f_reg_time: '2026-03-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 4, f_exclusive_pyong: 50, f_real_pyong: 60 }],
    liked: true,
  },
  {
    name: 'unregistered',
    site: {
      f_name: '래미안 미등록',
      f_site_type: 'U',
      ...at(37.5, 127.03),
      f_transaction_type: '0',
      f_reg_time: '2026-11-03T01:00:00.000Z',
    },
  },
  {
    name: 'raemian2',
    site: {
      f_name: '래미안 역삼 2차',
      f_site_type: 'O',
      f_address1: '서울특별시 강남구 역삼동 1',
      ...at(37.5, 127.03),
      f_maemul_type: '2,4',
      f_transaction_type: '0,1',
      f_sale_price_min: 100000,
      f_sale_price_max: 130000,
      f_collateral_price_min: 70000,
      f_collateral_price_max: 90000,
      f_charter_price_min: 70000,
      f_charter_price_max: 80000,
      f_fee_type: 'T,I',
      f_fee_t: 80,
      f_fee_i: 25,
      f_elevator: 'Y',
      f_open_date: '2029-01-01',
      // 23:30 UTC on the 19th is already the 20th in Seoul.
      f_reg_time: '2026-11-19T23:30:00.000Z',
    },
    rooms: [
      { f_room: 3, f_exclusive_pyong: 25, f_real_pyong: 33 },
      { f_room: 4, f_exclusive_pyong: 40, f_real_pyong: 52 },
    ],
    units: [
      { f_toilet: 2, f_sale_price: 110000, f_collateral_price: 75000 },
      { f_toilet: 3, f_sale_price: 128000, f_collateral_price: 89000 },
    ],
  },
  {
    name: 'mansion',
    site: {
      f_name: '삼성 로얄맨션',
      f_site_type: 'G',
      f_address1: '서울특별시 강남구 삼성동 9',
      ...at(37.5105, 127.03),
      f_maemul_type: '0',
      f_transaction_type: '0,3',
      f_sale_price_min: 45000,
      f_sale_price_max: 52000,
      f_collateral_price_min: 30000,
      f_collateral_price_max: 35000,
      f_monthly_deposit_min: 5000,
      f_monthly_deposit_max: 8000,
      f_monthly_rent_min: 100,
      f_monthly_rent_max: 150,
      f_room_num: 3,
      f_toilet_num: 2,
      f_elevator: 'Y',
      f_fee_type: 'S',
      f_fee_s: 2,
      f_open_date: '2001-02-01',
      f_reg_time: '2026-02-01T01:00:00.000Z',
    },
    rooms: [{ f_room: 3, f_exclusive_pyong: 26, f_real_pyong: 34 }],
  },
];

/** The viewport around the fixture: holds every visible site except the Bundang one. */
export const fixtureBounds = { south: 37.48, west: 127.02, north: 37.52, east: 127.05 };

export interface InsertedFixture {
  userIdx: number;
  ids: Record<string, number>;
  nameOf: (idx: number) => string;
}

/** Writes the fixture through plain inserts, so the 0005 triggers index it as they would any site. */
export async function insertFixture(t: TestApp, userIdx?: number): Promise<InsertedFixture> {
  const owner = userIdx ?? (await insertUser(t));
  const ids: Record<string, number> = {};
  for (const f of fixtureSites) {
    const row = await t.deps.db
      .insertInto('sites')
      .values({
        ...emptySiteColumns,
        f_user_idx: owner,
        f_update_time: f.site.f_reg_time ?? '2026-01-01T00:00:00.000Z',
        f_reg_time: '2026-01-01T00:00:00.000Z',
        f_name: f.name,
        f_site_type: 'O',
        ...f.site,
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    ids[f.name] = row.f_idx;
    for (const room of f.rooms ?? []) {
      await t.deps.db
        .insertInto('site_rooms')
        .values({ f_site_idx: row.f_idx, f_area: 'E', ...room })
        .execute();
    }
    if (f.units?.length) {
      const dong = await t.deps.db
        .insertInto('dongs')
        .values({ f_site_idx: row.f_idx, f_dong: '101동', f_floor_count: 10, f_units_per_floor: 4 })
        .returning('f_idx')
        .executeTakeFirstOrThrow();
      for (const [i, unit] of f.units.entries()) {
        await t.deps.db
          .insertInto('hos')
          .values({
            f_site_idx: row.f_idx,
            f_dong_idx: dong.f_idx,
            f_floor: 1 + i,
            f_ho: `${1 + i}01`,
            f_trans_type: '0',
            ...unit,
          })
          .execute();
      }
    }
    if (f.liked) {
      await t.deps.db
        .insertInto('site_likes')
        .values({ f_user_idx: owner, f_site_idx: row.f_idx, f_reg_time: '2026-11-01T00:00:00.000Z' })
        .execute();
    }
  }
  const names = new Map(Object.entries(ids).map(([name, idx]) => [idx, name]));
  return { userIdx: owner, ids, nameOf: (idx) => names.get(idx) ?? `#${idx}` };
}

/** The tables `generateSites` writes. */
const GENERATED_TABLES = ['sites', 'site_contacts', 'site_rooms', 'dongs', 'hos'];

/**
 * Generated sites (server/seed/sites.generator.ts) in the test's database. The generator
 * writes raw SQLite statements: on PostgreSQL it writes a scratch SQLite database whose rows
 * are then copied over (server/db/copy-rows.ts; PostgreSQL's triggers index them), as the seeds
 * do. Answers the SQLite database holding the same sites (for `randomQueries`) and how to
 * close it.
 */
export async function insertGeneratedSites(
  t: TestApp,
  options: Omit<Parameters<typeof generateSites>[0], 'sqlite'>,
): Promise<{ sqlite: SQLite.Database; close: () => Promise<void> }> {
  if (t.handle.dialect === 'sqlite') {
    generateSites({ sqlite: t.handle.sqlite, ...options });
    return { sqlite: t.handle.sqlite, close: async () => {} };
  }
  const scratch = await openTestDatabase();
  // The owners are members of the test's database, not of the scratch one.
  scratch.sqlite.pragma('foreign_keys = OFF');
  generateSites({ sqlite: scratch.sqlite, ...options });
  await copyRows({ from: scratch.sqlite, to: t.deps.db, only: GENERATED_TABLES });
  return { sqlite: scratch.sqlite, close: scratch.close };
}
