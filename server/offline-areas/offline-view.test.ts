import { afterEach, describe, expect, it } from 'vitest';
import type { OfflineAreaPage, OfflineViewEstimate } from '../../sync/api/offline-areas.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { areaSearchRow } from '../../sync/map/evaluate.ts';
import type { MapQuery } from '../../sync/map/query.ts';
import { searchRows } from '../../sync/map/search-memory.ts';
import {
  AREA_SITE_BYTES,
  MAX_VIEW_DEGREES,
  MAX_VIEW_SITES,
  type ViewBox,
} from '../../sync/offline-areas/offline-areas.ts';
import { searchMap } from '../map/map.service.ts';
import { createRng } from '../seed/random.ts';
import type { TestApp } from '../testing/fixtures.ts';
import { randomQueries } from '../testing/map-queries.ts';
import { appWithSites } from './offline-areas.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function withSites(count: number) {
  const made = await appWithSites({ count, seed: 31 });
  t = made.t;
  return made;
}

/** A view of `size` degrees each way around the densest 시/군/구's sites. */
async function viewAroundDensest(size: number): Promise<ViewBox> {
  const centre = (await t.handle.row(`SELECT avg(f_latitude) AS lat, avg(f_longitude) AS lng FROM sites
       WHERE substr(f_bjd_code, 1, 5) = (
         SELECT substr(f_bjd_code, 1, 5) FROM sites GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)`)) as {
    lat: number;
    lng: number;
  };
  const half = size / 2;
  return {
    south: centre.lat - half,
    north: centre.lat + half,
    west: centre.lng - half,
    east: centre.lng + half,
  };
}

const asQuery = (box: ViewBox) =>
  Object.fromEntries(Object.entries(box).map(([k, x]) => [k, String(x)])) as Record<string, string>;

async function downloadView(token: string, box: ViewBox): Promise<OfflineAreaPage[]> {
  const pages: OfflineAreaPage[] = [];
  let after = 0;
  for (;;) {
    const res = await t.call<OfflineAreaPage>('/map/offlineAreaSites', {
      token,
      query: { ...asQuery(box), after_idx: String(after) },
    });
    expect(res.code).toBe(ResultCode.ok);
    pages.push(res.data);
    if (res.data.next_after === null) return pages;
    after = res.data.next_after;
  }
}

const idsOf = (pages: OfflineAreaPage[]) =>
  pages.flatMap((p) => p.rows.map((r) => Number(r[p.columns.indexOf('f_idx')])));

/**
 * The query kept to the view: its box cut to the view's, a radius replaced by the view, and a
 * keyword searched inside it (a keyword searched everywhere reaches beyond any kept area).
 */
function insideView(query: MapQuery, view: ViewBox): MapQuery {
  const { lat: _lat, lng: _lng, radius: _radius, ...rest } = query;
  const b = query.bounds;
  const cut = b && {
    south: Math.max(b.south, view.south),
    north: Math.min(b.north, view.north),
    west: Math.max(b.west, view.west),
    east: Math.min(b.east, view.east),
  };
  const bounds = cut && cut.south <= cut.north && cut.west <= cut.east ? cut : view;
  return { ...rest, use_keyword: 'N', bounds };
}

describe('a map view kept offline', () => {
  it('is sent as exactly the map sites inside its box, and answers map queries there as the server does', async () => {
    const { owner, token } = await withSites(1500);
    const view = await viewAroundDensest(0.04);
    const pages = await downloadView(token, view);
    const ids = idsOf(pages);
    const inside = (await t.handle.values(
      `SELECT f_idx FROM map_sites WHERE f_latitude BETWEEN ? AND ? AND f_longitude BETWEEN ? AND ? ORDER BY f_idx`,
      view.south,
      view.north,
      view.west,
      view.east,
    )) as number[];
    expect(inside.length).toBeGreaterThan(20);
    expect(ids).toEqual(inside);

    const rows = pages.flatMap((p) =>
      p.rows.map((row) => areaSearchRow({ columns: p.columns, row, liked: false })),
    );
    const queries = randomQueries({ sqlite: t.handle.sqlite, rng: createRng(32), count: 150 });
    let found = 0;
    for (const raw of queries) {
      const query = insideView(raw, view);
      const server = await searchMap({ db: t.deps.db, userIdx: owner, query });
      expect(searchRows({ query, rows }), JSON.stringify(query)).toEqual(server);
      found += server.count;
    }
    expect(found).toBeGreaterThan(0);
  }, 120_000);

  it('never holds a hidden site, not even for its owner', async () => {
    const { token } = await withSites(400);
    const view = await viewAroundDensest(0.04);
    const before = idsOf(await downloadView(token, view));
    const hidden = before[0];
    expect(hidden).toBeDefined();
    await t.handle.all("UPDATE sites SET f_hidden = 'Y' WHERE f_idx = ?", hidden);
    const after = idsOf(await downloadView(token, view));
    expect(after).not.toContain(hidden);
    expect(after.length).toBe(before.length - 1);
  });

  it('refuses a view wider or taller than the limit, naming the edge', async () => {
    const { token } = await withSites(50);
    const view = await viewAroundDensest(0.04);
    const tall = await t.call('/map/offlineAreaSites', {
      token,
      query: asQuery({ ...view, north: view.south + MAX_VIEW_DEGREES + 0.01 }),
    });
    expect(tall.code).toBe(ResultCode.badParameter);
    expect(tall.data).toMatchObject({ field: 'north' });
    const wide = await t.call('/map/offlineViewEstimate', {
      token,
      query: asQuery({ ...view, east: view.west + MAX_VIEW_DEGREES + 0.01 }),
    });
    expect(wide.code).toBe(ResultCode.badParameter);
    expect(wide.data).toMatchObject({ field: 'east' });
    const halfBox = await t.call('/map/offlineAreaSites', {
      token,
      query: { south: String(view.south), north: String(view.north) },
    });
    expect(halfBox.code).toBe(ResultCode.badParameter);
  });

  it(`refuses a view holding more than ${MAX_VIEW_SITES} sites, and says so before it is kept`, async () => {
    const { token } = await withSites(50);
    const view = await viewAroundDensest(0.04);
    // The generated sites, copied into the view until it holds more than the limit.
    await t.handle.all(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO sites (f_name, f_site_type, f_status, f_hidden, f_complete, f_latitude, f_longitude, f_user_idx, f_reg_time, f_update_time)
         SELECT '복사 ' || i, 'O', 'N', 'N', 'N', ? + (i % 97) * 0.0001, ? + (i % 89) * 0.0001, f_user_idx, f_reg_time, f_reg_time
         FROM n, (SELECT f_user_idx, f_reg_time FROM sites LIMIT 1)`,
      MAX_VIEW_SITES + 1,
      view.south + 0.001,
      view.west + 0.001,
    );
    const estimate = await t.call<OfflineViewEstimate>('/map/offlineViewEstimate', {
      token,
      query: asQuery(view),
    });
    expect(estimate.code).toBe(ResultCode.ok);
    expect(estimate.data.site_count).toBeGreaterThan(MAX_VIEW_SITES);
    const res = await t.call('/map/offlineAreaSites', { token, query: asQuery(view) });
    expect(res.code).toBe(ResultCode.apiError);
  });

  it('is estimated before keeping and named after the 시/군/구 at its centre', async () => {
    const { token } = await withSites(400);
    const view = await viewAroundDensest(0.04);
    const res = await t.call<OfflineViewEstimate>('/map/offlineViewEstimate', {
      token,
      query: asQuery(view),
    });
    expect(res.code).toBe(ResultCode.ok);
    const sites = idsOf(await downloadView(token, view)).length;
    expect(res.data.site_count).toBe(sites);
    expect(res.data.estimate_bytes).toBe(sites * AREA_SITE_BYTES);
    const densest = (await t.handle.value(
      'SELECT substr(f_bjd_code, 1, 5) FROM sites GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    )) as string;
    expect(res.data.area?.f_code).toBe(densest);
    expect(res.data.area?.f_district).toBeTruthy();
  });
});
