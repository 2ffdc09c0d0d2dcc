import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewBox } from '../../sync/offline-areas/offline-areas.ts';
import { freshPostgresDatabase } from '../../tests/support/postgres-database.ts';
import { generalSite, newOpenSite } from '../../tests/support/registration-data.ts';
import { ensureAreasIn } from '../areas/areas.seed.ts';
import { type Db, openTestDatabase } from '../db/database.ts';
import { insertSiteRow, setSiteStatus, writeSiteFields } from '../sites/site-writer.repository.ts';
import {
  areaSitesPage,
  boxSitesPage,
  countBoxSites,
  findAreaByCode,
  listAreas,
  nearestAreaByCentre,
  nearestSiteDistrict,
  siteCountsByDistrict,
} from './offline-areas.repository.ts';

/**
 * An offline area's reads on both databases: SQLite narrows a box through its R*Tree cells,
 * PostgreSQL through the GiST index on each map site's position. The same sites must give the
 * same pages, counts and nearest districts.
 */

const NOW = new Date('2026-11-27T01:02:03.456Z');
/** 강남구 (11680) and 서초구 (11650), a few hundred metres apart around 37.50, 127.03. */
const PLACES = [
  { code: '1168010100', lat: 37.501, lng: 127.031 },
  { code: '1168010100', lat: 37.502, lng: 127.035 },
  { code: '1168010800', lat: 37.5, lng: 127.04 },
  { code: '1165010100', lat: 37.49, lng: 127.02 },
  { code: '1165010100', lat: 37.48, lng: 127.01 },
  { code: '1165010200', lat: 37.6, lng: 127.2 },
];

async function world(db: Db) {
  await ensureAreasIn({ db });
  const owner = await db
    .insertInto('users')
    .values({
      f_phone: '01011112222',
      f_affiliation: '테스트 공인중개사',
      f_name: '테스트',
      f_business_card: null,
      f_push_off_start_time: null,
      f_push_off_end_time: null,
      f_usage_date: null,
      f_release_date: null,
      f_reject_time: null,
      f_last_access: null,
      f_withdrawn_time: null,
      f_withdrawn_phone: null,
      f_authority_by: null,
      f_reg_time: NOW.toISOString(),
      f_approval: 'A',
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  for (const [i, place] of PLACES.entries()) {
    const kind = i % 2 === 0 ? 'O' : 'G';
    const fields = (kind === 'O' ? newOpenSite : generalSite)({
      f_name: `현장 ${i}`,
      f_bjd_code: place.code,
      f_latitude: place.lat,
      f_longitude: place.lng,
    });
    await db.transaction().execute(async (tx) => {
      const siteIdx = await insertSiteRow({
        db: tx,
        userIdx: owner.f_idx,
        kind,
        status: 'N',
        clientId: null,
        now: NOW,
      });
      await writeSiteFields({ db: tx, siteIdx, fields, now: NOW });
      await setSiteStatus({ db: tx, siteIdx, status: 'N', step: 0, now: NOW, registered: true });
    });
  }
}

/** What every read answers on one database. */
async function answers(db: Db) {
  const box: ViewBox = { south: 37.485, north: 37.505, west: 127.0, east: 127.04 };
  const byName = (page: { columns: string[]; rows: unknown[][] }) => {
    const name = page.columns.indexOf('f_name');
    return page.rows.map((row) => row[name]).sort();
  };
  const strip = <T extends { f_idx: number }>(area: T | undefined) => area && { ...area, f_idx: '#' };
  return {
    counts: Object.fromEntries(await siteCountsByDistrict({ db })),
    area: byName(await areaSitesPage({ db, code: '11680', afterIdx: 0, limit: 100 })),
    areaColumns: [...(await areaSitesPage({ db, code: '11680', afterIdx: 0, limit: 1 })).columns].sort(),
    firstOfArea: (await areaSitesPage({ db, code: '11650', afterIdx: 0, limit: 1 })).rows.length,
    box: byName(await boxSitesPage({ db, box, code: null, afterIdx: 0, limit: 100 })),
    boxOfCode: byName(await boxSitesPage({ db, box, code: '11650', afterIdx: 0, limit: 100 })),
    // Both edges belong to the box, as in the map's search.
    edges: await countBoxSites({ db, box: { south: 37.49, north: 37.501, west: 127.02, east: 127.031 } }),
    count: await countBoxSites({ db, box }),
    nearest: await nearestSiteDistrict({ db, box, lat: 37.49, lng: 127.021 }),
    nowhere: await nearestSiteDistrict({ db, box: { south: 0, north: 1, west: 0, east: 1 }, lat: 0, lng: 0 }),
    centre: strip(await nearestAreaByCentre({ db, lat: 37.5172, lng: 127.0473 })),
    byCode: strip(await findAreaByCode({ db, code: '11680' })),
    areas: (await listAreas({ db })).length,
  };
}

let onSqlite: Awaited<ReturnType<typeof answers>>;
let onPostgres: Awaited<ReturnType<typeof answers>>;

beforeAll(async () => {
  const sqlite = await openTestDatabase();
  await world(sqlite.db);
  onSqlite = await answers(sqlite.db);
  await sqlite.close();
  const postgres = await freshPostgresDatabase();
  await world(postgres.handle.db);
  onPostgres = await answers(postgres.handle.db);
  await postgres.drop();
});

describe('offline areas on PostgreSQL', () => {
  it('page, count and place the same map sites as on SQLite, a box including its edges', () => {
    expect(onPostgres).toEqual(onSqlite);
    expect(onSqlite).toMatchObject({
      counts: { '11680': 3, '11650': 3 },
      area: ['현장 0', '현장 1', '현장 2'],
      firstOfArea: 1,
      box: ['현장 0', '현장 1', '현장 2', '현장 3'],
      boxOfCode: ['현장 3'],
      edges: 2,
      count: 4,
      nearest: '11650',
      nowhere: null,
    });
    expect(onSqlite.areaColumns).toContain('f_latitude');
    expect(onSqlite.areaColumns).not.toContain('f_search');
    expect(onSqlite.centre?.f_code).toBe('11680');
    expect(onSqlite.areas).toBeGreaterThan(200);
  });
});
