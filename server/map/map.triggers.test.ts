import { afterEach, describe, expect, it } from 'vitest';
import {
  deriveSummary,
  gridCell,
  SUMMARY_FIELDS,
  siteSearchText,
  visibleClauses,
} from '../../sync/map/filter.ts';
import { microDegrees } from '../../sync/map/result.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { insertFixture } from './map.fixture.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;

/**
 * What migration 0005's tables should hold, recomputed from the source tables with the shared
 * code. PostgreSQL keeps the search text in map_sites.f_search and has no table of grid cells
 * (its GiST index is on each row's position).
 */
async function expectIndexesInStep() {
  const all = t.handle.all;
  const postgres = t.handle.dialect === 'postgres';
  const sites = await all<Row>('SELECT * FROM sites');
  const visible = sites.filter(
    (s) =>
      s.f_status === 'N' &&
      s.f_hidden === 'N' &&
      (s.f_site_type === 'O' || s.f_site_type === 'G') &&
      s.f_latitude !== null &&
      s.f_longitude !== null,
  );
  expect(visibleClauses).toHaveLength(5);
  const mapRows = await all<Row>('SELECT * FROM map_sites');
  expect(mapRows.map((r) => r.f_idx).sort()).toEqual(visible.map((s) => s.f_idx).sort());
  for (const s of visible) {
    const row = mapRows.find((r) => r.f_idx === s.f_idx) as Row;
    const rooms = await all<Row>('SELECT * FROM site_rooms WHERE f_site_idx = ?', s.f_idx);
    const units = await all<Row>('SELECT * FROM hos WHERE f_site_idx = ?', s.f_idx);
    const summary = deriveSummary({ rooms, units });
    for (const f of SUMMARY_FIELDS) expect(row[f], `${String(s.f_name)} ${f}`).toBe(summary[f]);
    for (const [key, value] of Object.entries(row)) {
      if (key === 'f_cell') expect(value).toBe(gridCell(s.f_latitude as number, s.f_longitude as number));
      else if (key === 'f_lat_e6') expect(value).toBe(microDegrees(s.f_latitude as number));
      else if (key === 'f_lng_e6') expect(value).toBe(microDegrees(s.f_longitude as number));
      else if (key === 'f_search') expect(value).toBe(siteSearchText(s));
      else if (!(SUMMARY_FIELDS as readonly string[]).includes(key)) expect(value, key).toBe(s[key]);
    }
    if (postgres) continue;
    const [fts] = await all<{ text: string }>('SELECT text FROM map_fts WHERE rowid = ?', s.f_idx);
    expect(fts?.text).toBe(siteSearchText(s));
    const [box] = await all<Row>('SELECT * FROM map_cells WHERE id = ?', row.f_cell);
    expect(box?.min_lat as number).toBeLessThanOrEqual(s.f_latitude as number);
    expect(box?.max_lat as number).toBeGreaterThanOrEqual(s.f_latitude as number);
    expect(box?.min_lng as number).toBeLessThanOrEqual(s.f_longitude as number);
    expect(box?.max_lng as number).toBeGreaterThanOrEqual(s.f_longitude as number);
  }
  if (!postgres) expect(await all('SELECT rowid FROM map_fts')).toHaveLength(visible.length);
}

describe('the map indexes of migration 0005', () => {
  it('follow every change to sites, their area types and their units', async () => {
    t = await createTestApp();
    const { ids } = await insertFixture(t);
    await expectIndexesInStep();
    const db = t.deps.db;
    const steps: Array<() => Promise<unknown>> = [
      () =>
        db
          .updateTable('hos')
          .set({ f_sale_price: 1000, f_toilet: 5 })
          .where('f_site_idx', '=', ids.raemian as number)
          .execute(),
      () =>
        db
          .deleteFrom('hos')
          .where('f_site_idx', '=', ids.xi as number)
          .where('f_complete', '=', 'N')
          .execute(),
      () =>
        db
          .updateTable('hos')
          .set({ f_inquire_price: 'Y' })
          .where('f_site_idx', '=', ids.raemian2 as number)
          .execute(),
      () =>
        db
          .insertInto('site_rooms')
          .values({ f_site_idx: ids.villa as number, f_room: 7, f_exclusive_pyong: 44, f_real_pyong: 55 })
          .execute(),
      () =>
        db
          .updateTable('site_rooms')
          .set({ f_real_pyong: 1 })
          .where('f_site_idx', '=', ids.mansion as number)
          .execute(),
      () =>
        db
          .deleteFrom('site_rooms')
          .where('f_site_idx', '=', ids.tower as number)
          .execute(),
      () =>
        db
          .updateTable('sites')
          .set({ f_latitude: 36.1, f_longitude: 128.5 })
          .where('f_idx', '=', ids.officetel as number)
          .execute(),
      () =>
        db
          .updateTable('sites')
          .set({ f_hidden: 'N', f_name: 'Renamed Site' })
          .where('f_idx', '=', ids.hidden as number)
          .execute(),
      () =>
        db
          .updateTable('sites')
          .set({ f_status: 'D' })
          .where('f_idx', '=', ids.xi as number)
          .execute(),
      // Units added while a site is a draft are counted once it is published.
      () =>
        db
          .insertInto('hos')
          .values({
            f_site_idx: ids.draft as number,
            f_dong_idx: 1,
            f_floor: 1,
            f_ho: '101',
            f_toilet: 4,
            f_sale_price: 777,
          })
          .execute(),
      () =>
        db
          .updateTable('sites')
          .set({ f_status: 'N' })
          .where('f_idx', '=', ids.draft as number)
          .execute(),
      () =>
        db
          .deleteFrom('sites')
          .where('f_idx', '=', ids.completed as number)
          .execute(),
    ];
    for (const step of steps) {
      await step();
      await expectIndexesInStep();
    }
  });
});
