import { afterEach, describe, expect, it } from 'vitest';
import type { OfflineAreaOption, OfflineAreaPage } from '../../sync/api/offline-areas.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { areaSearchRow } from '../../sync/map/evaluate.ts';
import { searchRows } from '../../sync/map/search-memory.ts';
import { AREA_SITE_BYTES } from '../../sync/offline-areas/offline-areas.ts';
import { searchMap } from '../map/map.service.ts';
import { createRng } from '../seed/random.ts';
import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { randomQueries } from '../testing/map-queries.ts';
import { appWithSites } from './offline-areas.fixtures.ts';
import { offlineAreaSites } from './offline-areas.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function withSites(count: number) {
  const made = await appWithSites({ count, seed: 21 });
  t = made.t;
  return made;
}

/** The densest 시/군/구 of the generated data, as the list call reports it. */
async function densest(token: string): Promise<OfflineAreaOption> {
  const res = await t.call<{ list: OfflineAreaOption[] }>('/map/offlineAreas', { token, query: {} });
  expect(res.code).toBe(ResultCode.ok);
  const best = [...res.data.list].sort((a, b) => b.site_count - a.site_count)[0];
  if (!best) throw new Error('no areas');
  return best;
}

async function download(areaIdx: number, limit: number): Promise<OfflineAreaPage[]> {
  const pages: OfflineAreaPage[] = [];
  let after = 0;
  for (;;) {
    const page = await offlineAreaSites({ db: t.deps.db, areaIdx, afterIdx: after, limit });
    pages.push(page);
    if (page.next_after === null) return pages;
    after = page.next_after;
  }
}

describe('offline areas', () => {
  it('lists every 시/군/구 with the map sites it holds and the device size they would take', async () => {
    const { token } = await withSites(600);
    const area = await densest(token);
    const inArea = (await t.handle.value(
      `SELECT count(*) FROM map_sites m JOIN sites s ON s.f_idx = m.f_idx WHERE substr(s.f_bjd_code, 1, 5) = ?`,
      area.f_code,
    )) as number;
    expect(area.site_count).toBe(inArea);
    expect(area.site_count).toBeGreaterThan(0);
    expect(area.estimate_bytes).toBe(area.site_count * AREA_SITE_BYTES);
  });

  it('sends an area in pages that together hold each of its map sites once', async () => {
    const { token } = await withSites(600);
    const area = await densest(token);
    const pages = await download(area.f_idx, 7);
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flatMap((p) => p.rows.map((r) => r[p.columns.indexOf('f_idx')]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(area.site_count);
    // The list fields travel, units do not.
    const columns = pages[0]?.columns ?? [];
    expect(columns).toEqual(expect.arrayContaining(['f_name', 'f_address1', 'f_u_sale_min', 'f_room_mask']));
    expect(columns.some((c) => c.startsWith('f_ho') || c === 'hos')).toBe(false);
  });

  it('answers every map query over a kept area exactly as the server does over that area', async () => {
    const { owner, token } = await withSites(1500);
    const area = await densest(token);
    const pages = await download(area.f_idx, 250);
    const rows = pages.flatMap((p) =>
      p.rows.map((row) => areaSearchRow({ columns: p.columns, row, liked: false })),
    );
    // The server's map then holds only that area: both searches look at the same sites.
    await t.handle.all(
      `UPDATE sites SET f_status = 'D' WHERE substr(coalesce(f_bjd_code, ''), 1, 5) != ?`,
      area.f_code,
    );
    const queries = randomQueries({ sqlite: t.handle.sqlite, rng: createRng(22), count: 300 });
    let found = 0;
    for (const query of queries) {
      const server = await searchMap({ db: t.deps.db, userIdx: owner, query });
      const device = searchRows({ query, rows });
      expect(device, JSON.stringify(query)).toEqual(server);
      found += server.count;
    }
    expect(found).toBeGreaterThan(0);
  }, 120_000);

  it('refuses an unknown area and a member whose usage ticket has expired', async () => {
    const { token } = await withSites(10);
    const unknown = await t.call('/map/offlineAreaSites', { token, query: { area_idx: '999999' } });
    expect(unknown.code).not.toBe(ResultCode.ok);
    const expired = await insertUser(t, { f_usage_date: '2020-01-01T00:00:00.000Z' });
    const expiredToken = await insertSession(t, { userIdx: expired, deviceId: `d-${expired}` });
    const res = await t.call('/map/offlineAreas', { token: expiredToken, query: {} });
    expect(res.status).toBe(402);
  });
});
