import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OfflineAreaPage } from '../../../sync/api/offline-areas.api.ts';
import { areaSearchRow } from '../../../sync/map/evaluate.ts';
import { mapQuerySchema } from '../../../sync/map/query.ts';
import { MAX_VIEW_DEGREES, type ViewBox, viewBoxProblem } from '../../../sync/offline-areas/offline-areas.ts';
import { AreasDb, areasDb } from '../../db/areas-db.ts';
import { LocalDb } from '../../db/db.ts';
import { searchOfflineWithAreas } from '../map/offline-search.ts';
import { keepArea, keepView, keptAreaRows, keptAreas, removeArea } from './kept-areas.ts';

let n = 0;
const freshDb = () => new AreasDb(`view-test-${Date.now()}-${n++}`);
const gangnam = { f_area: '서울특별시', f_district: '강남구', f_code: '11680' };
const view: ViewBox = { south: 37.49, west: 127.02, north: 37.52, east: 127.06 };
const columns = ['f_idx', 'f_name', 'f_address1', 'f_address2', 'f_site_type', 'f_status', 'f_hidden'].concat(
  ['f_latitude', 'f_longitude', 'f_complete', 'f_reg_time'],
);
const site = (idx: number, name: string): unknown[] => [
  idx,
  name,
  '서울 강남구 역삼동',
  '',
  'O',
  'N',
  'N',
  37.5,
  127.04,
  'N',
  '2026-01-01T00:00:00Z',
];
const onePage = (rows: unknown[][]) => async (): Promise<OfflineAreaPage> => ({
  area_idx: 0,
  columns,
  rows,
  next_after: null,
});

describe('a map view kept offline', () => {
  it('is kept under the 시/군/구 at its centre, with the tiles of its own box', async () => {
    const db = freshDb();
    const boxes: unknown[] = [];
    const kept = await keepView({
      view,
      district: gangnam,
      label: '강남구 지도 영역',
      vworldKey: null,
      load: onePage([site(1, '자이 역삼'), site(2, '래미안')]),
      tiles: async (b) => {
        boxes.push(b);
        return { count: 12, bytes: 240_000 };
      },
      db,
    });
    expect(kept.f_idx).toBeLessThan(0);
    expect(kept.name).toBe('강남구 지도 영역');
    expect(kept.view).toEqual(view);
    expect(boxes).toEqual([view]);
    expect(kept).toMatchObject({ site_count: 2, tile_count: 12, tile_bytes: 240_000, bounds: view });
    expect(kept.bytes).toBeGreaterThan(100);
  });

  it('is numbered when a view of the same district is kept again, and both stay apart from the district', async () => {
    const db = freshDb();
    const keep = () =>
      keepView({
        view,
        district: gangnam,
        label: '강남구 지도 영역',
        vworldKey: null,
        load: onePage([site(1, 'A')]),
        tiles: async () => ({ count: 0, bytes: 0 }),
        db,
      });
    const first = await keep();
    const second = await keep();
    await keepArea({
      area: { f_idx: 7, ...gangnam },
      vworldKey: null,
      load: onePage([site(3, 'B')]),
      tiles: async () => ({ count: 0, bytes: 0 }),
      db,
    });
    expect(second.f_idx).not.toBe(first.f_idx);
    expect((await keptAreas(db)).map((a) => a.name ?? a.f_district)).toEqual([
      '강남구',
      '강남구 지도 영역',
      '강남구 지도 영역 2',
    ]);
  });

  it('keeps its box and name when it is downloaded again', async () => {
    const db = freshDb();
    const kept = await keepView({
      view,
      district: gangnam,
      label: '강남구 지도 영역',
      vworldKey: null,
      load: onePage([site(1, 'A')]),
      tiles: async () => ({ count: 1, bytes: 1 }),
      db,
    });
    const again = await keepArea({
      area: kept,
      vworldKey: null,
      load: onePage([site(1, 'A'), site(2, 'B')]),
      tiles: async () => ({ count: 1, bytes: 1 }),
      db,
    });
    expect(again).toMatchObject({ f_idx: kept.f_idx, name: kept.name, view, site_count: 2 });
    expect((await keptAreaRows({ toRow: areaSearchRow, db })).rows.map((r) => r.site.f_name)).toEqual([
      'A',
      'B',
    ]);
  });

  it('widens the offline map search under its name until it is removed', async () => {
    const device = new LocalDb(`view-device-${Date.now()}`);
    const kept = await keepView({
      view,
      district: gangnam,
      label: '강남구 지도 영역',
      vworldKey: null,
      load: onePage([site(1, '자이 역삼'), site(2, '래미안')]),
      tiles: async () => ({ count: 0, bytes: 0 }),
      db: areasDb,
    });
    const query = v.parse(mapQuerySchema, { keyword: '자이', use_keyword: 'Y' });
    try {
      const { result, areas } = await searchOfflineWithAreas({ query, db: device });
      expect(result.list.map((s) => s.f_name)).toEqual(['자이 역삼']);
      expect(areas).toEqual(['강남구 지도 영역']);
    } finally {
      await removeArea({ idx: kept.f_idx, vworldKey: null });
    }
    const after = await searchOfflineWithAreas({ query, db: device });
    expect(after.result.count).toBe(0);
    expect(after.areas).toEqual([]);
  });
});

describe('the size of a view that may be kept', () => {
  it('is at most the limit in each direction', () => {
    expect(viewBoxProblem(view)).toBeNull();
    expect(viewBoxProblem({ ...view, north: view.south + MAX_VIEW_DEGREES + 0.001 })).toBe('too-tall');
    expect(viewBoxProblem({ ...view, east: view.west + MAX_VIEW_DEGREES + 0.001 })).toBe('too-wide');
  });
});
