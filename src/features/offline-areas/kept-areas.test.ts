import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OfflineAreaPage } from '../../../sync/api/offline-areas.api.ts';
import { areaSearchRow } from '../../../sync/map/evaluate.ts';
import { mapQuerySchema } from '../../../sync/map/query.ts';
import { AREA_REFRESH_HOURS, MAX_AREA_TILES } from '../../../sync/offline-areas/offline-areas.ts';
import { AreasDb, areasDb } from '../../db/areas-db.ts';
import { clearLocalData, LocalDb, localDb } from '../../db/db.ts';
import { searchOfflineWithAreas } from '../map/offline-search.ts';
import { areaTileUrls } from './area-tiles.ts';
import { keepArea, keptAreaRows, removeArea, staleAreas } from './kept-areas.ts';

let n = 0;
const freshDb = () => new AreasDb(`areas-test-${Date.now()}-${n++}`);
const gangnam = { f_idx: 7, f_area: '서울특별시', f_district: '강남구', f_code: '11680' };
const columns = ['f_idx', 'f_name', 'f_address1', 'f_address2', 'f_site_type', 'f_status', 'f_hidden'].concat(
  ['f_latitude', 'f_longitude', 'f_complete', 'f_reg_time'],
);

function site(idx: number, name: string): unknown[] {
  return [
    idx,
    name,
    '서울 강남구 역삼동',
    '',
    'O',
    'N',
    'N',
    37.5 + idx / 1000,
    127.03,
    'N',
    '2026-01-01T00:00:00Z',
  ];
}

/** A server answering the area in pages of two. */
function pagesOf(rows: unknown[][]) {
  const calls: number[] = [];
  const load = async ({ after_idx }: { area_idx: number; after_idx: number }): Promise<OfflineAreaPage> => {
    calls.push(after_idx);
    const rest = rows.filter((r) => (r[0] as number) > after_idx).slice(0, 2);
    const more = rows.filter((r) => (r[0] as number) > after_idx).length > 2;
    return { area_idx: 7, columns, rows: rest, next_after: more ? (rest[1]?.[0] as number) : null };
  };
  return { load, calls };
}

const noTiles = async () => ({ count: 3, bytes: 3000 });

describe('an area kept offline', () => {
  it('is downloaded page by page and measured, and its sites are searchable', async () => {
    const db = freshDb();
    const { load, calls } = pagesOf([
      site(1, '자이 역삼'),
      site(2, '래미안'),
      site(3, '자이 개포'),
      site(4, '힐스'),
    ]);
    const kept = await keepArea({ area: gangnam, vworldKey: null, load, tiles: noTiles, db });
    expect(calls).toEqual([0, 2]);
    expect(kept.site_count).toBe(4);
    expect(kept.bytes).toBeGreaterThan(200);
    expect(kept.tile_count).toBe(3);
    expect(kept.bounds).toEqual({ south: 37.501, north: 37.504, west: 127.03, east: 127.03 });
    const { rows, areas } = await keptAreaRows({ toRow: areaSearchRow, db });
    expect(areas.map((a) => a.f_district)).toEqual(['강남구']);
    expect(rows.map((r) => r.site.f_name)).toEqual(['자이 역삼', '래미안', '자이 개포', '힐스']);
  });

  it('keeps its last download when a refresh fails halfway, and replaces it when one succeeds', async () => {
    const db = freshDb();
    await keepArea({
      area: gangnam,
      vworldKey: null,
      load: pagesOf([site(1, 'A'), site(2, 'B')]).load,
      tiles: noTiles,
      db,
    });
    const failing = async ({ after_idx }: { after_idx: number }): Promise<OfflineAreaPage> => {
      if (after_idx > 0) throw new TypeError('Failed to fetch');
      return { area_idx: 7, columns, rows: [site(1, 'A2'), site(2, 'B2')], next_after: 2 };
    };
    await expect(
      keepArea({ area: gangnam, vworldKey: null, load: failing, tiles: noTiles, db }),
    ).rejects.toThrow();
    expect((await keptAreaRows({ toRow: areaSearchRow, db })).rows.map((r) => r.site.f_name)).toEqual([
      'A',
      'B',
    ]);
    await keepArea({
      area: gangnam,
      vworldKey: null,
      load: pagesOf([site(5, 'C')]).load,
      tiles: noTiles,
      db,
    });
    expect((await keptAreaRows({ toRow: areaSearchRow, db })).rows.map((r) => r.site.f_name)).toEqual(['C']);
    expect(await db.chunks.count()).toBe(1);
  });

  it('is due for a refresh once it is older than the refresh interval', async () => {
    const db = freshDb();
    const keptAt = new Date('2026-11-24T00:00:00Z');
    await keepArea({
      area: gangnam,
      vworldKey: null,
      load: pagesOf([site(1, 'A')]).load,
      tiles: noTiles,
      db,
      now: () => keptAt,
    });
    const hour = 3600_000;
    expect(
      await staleAreas({ db, now: new Date(keptAt.getTime() + (AREA_REFRESH_HOURS - 1) * hour) }),
    ).toEqual([]);
    const due = await staleAreas({ db, now: new Date(keptAt.getTime() + (AREA_REFRESH_HOURS + 1) * hour) });
    expect(due.map((a) => a.f_idx)).toEqual([7]);
  });

  it('is gone from the device once removed', async () => {
    const db = freshDb();
    await keepArea({
      area: gangnam,
      vworldKey: null,
      load: pagesOf([site(1, 'A')]).load,
      tiles: noTiles,
      db,
    });
    await removeArea({ idx: 7, vworldKey: null, db });
    expect(await db.areas.count()).toBe(0);
    expect(await db.chunks.count()).toBe(0);
    expect((await keptAreaRows({ toRow: areaSearchRow, db })).rows).toEqual([]);
  });

  it('widens the offline map search to its sites and names the areas searched', async () => {
    const device = new LocalDb(`areas-device-${Date.now()}`);
    await keepArea({
      area: gangnam,
      vworldKey: null,
      load: pagesOf([site(1, '자이 역삼'), site(2, '래미안')]).load,
      tiles: noTiles,
      db: areasDb,
    });
    try {
      const query = v.parse(mapQuerySchema, { keyword: '자이', use_keyword: 'Y' });
      const { result, areas } = await searchOfflineWithAreas({ query, db: device });
      expect(result.list.map((s) => s.f_name)).toEqual(['자이 역삼']);
      expect(areas).toEqual(['강남구']);
    } finally {
      await removeArea({ idx: 7, vworldKey: null });
    }
  });
});

describe('logging out', () => {
  it('removes the areas kept on the device with the rest of the member’s data', async () => {
    await keepArea({ area: gangnam, vworldKey: null, load: pagesOf([site(1, 'A')]).load, tiles: noTiles });
    await clearLocalData(localDb);
    expect(await areasDb.areas.count()).toBe(0);
    expect(await areasDb.chunks.count()).toBe(0);
  });
});

describe('the tiles of an area', () => {
  it('are the map layer’s own URLs for the box, at most the bound, deepest levels dropped first', () => {
    const small = areaTileUrls({
      bounds: { south: 37.49, north: 37.53, west: 127.0, east: 127.06 },
      vworldKey: null,
    });
    expect(small.length).toBeGreaterThan(5);
    expect(small.length).toBeLessThanOrEqual(MAX_AREA_TILES);
    expect(small[0]).toMatch(/^https:\/\/tile\.openstreetmap\.org\/11\/\d+\/\d+\.png$/);
    expect(small.some((u) => u.includes('/15/'))).toBe(true);
    const wide = areaTileUrls({ bounds: { south: 36, north: 38, west: 126, east: 128.5 }, vworldKey: 'K' });
    expect(wide.length).toBeLessThanOrEqual(MAX_AREA_TILES);
    expect(wide.some((u) => u.includes('/Base/15/'))).toBe(false);
    expect(wide[0]).toMatch(/^https:\/\/api\.vworld\.kr\/req\/wmts\/1\.0\.0\/K\/Base\/11\/\d+\/\d+\.png$/);
  });
});
