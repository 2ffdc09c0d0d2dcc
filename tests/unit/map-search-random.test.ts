import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMap } from '../../server/map/map.service.ts';
import { createRng } from '../../server/seed/random.ts';
import { generateSites } from '../../server/seed/sites.generator.ts';
import { createTestApp, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { randomQueries } from '../../server/testing/map-queries.ts';
import { LocalDb } from '../../src/db/db.ts';
import { loadOfflineRows } from '../../src/features/map/offline-search.ts';
import type { SearchRow } from '../../sync/map/evaluate.ts';
import type { MapQuery } from '../../sync/map/query.ts';
import { searchRows } from '../../sync/map/search-memory.ts';
import { copyToDevice } from '../support/device-copy.ts';

/**
 * The benchmark's kind of searches (random viewports, zooms, filters, sorts and pages) over
 * generated sites: the server's in-memory search, its indexed SQL, the plain scan and the offline search must agree on
 * every count, page, pin and cluster. City zooms exercise the per-cell page bound.
 */

let t: TestApp;
let device: LocalDb;
let userIdx: number;
let queries: MapQuery[];
let offlineRows: SearchRow[];

beforeAll(async () => {
  t = await createTestApp();
  userIdx = await insertUser(t, { f_usage_date: '2099-01-01T00:00:00.000Z' });
  generateSites({
    sqlite: t.handle.sqlite,
    rng: createRng(11),
    count: 4000,
    ownerIds: [userIdx],
    now: new Date('2026-11-21T00:00:00Z'),
    unitsScale: 0.1,
  });
  t.handle.sqlite
    .prepare(
      "INSERT INTO site_likes (f_user_idx, f_site_idx, f_reg_time) SELECT ?, f_idx, '2026-11-01T00:00:00Z' FROM sites WHERE f_idx % 7 = 0",
    )
    .run(userIdx);
  device = new LocalDb(`map-random-${Date.now()}`);
  await copyToDevice({ t, db: device, userIdx });
  offlineRows = await loadOfflineRows(device);
  queries = randomQueries({ sqlite: t.handle.sqlite, rng: createRng(5), count: 300 });
});

afterAll(async () => {
  await t.close();
  device.close();
  await Dexie.delete(device.name);
});

describe('random map searches', () => {
  it('give the same result from the server memory, its indexes, a plain scan and offline', async () => {
    let clustered = 0;
    let nonEmpty = 0;
    for (const query of queries) {
      const mirrored = await searchMap({ db: t.deps.db, userIdx, query });
      const indexed = await searchMap({ db: t.deps.db, userIdx, query, via: 'indexes' });
      const scan = await searchMap({ db: t.deps.db, userIdx, query, via: 'scan' });
      const offline = searchRows({ query, rows: offlineRows });
      const label = JSON.stringify(query);
      expect(scan, label).toEqual(indexed);
      expect(mirrored, label).toEqual(indexed);
      expect(offline, label).toEqual(indexed);
      if (indexed.mode === 'clusters' && indexed.count > query.offset + 10) clustered++;
      if (indexed.list.length > 0) nonEmpty++;
    }
    // The table is only worth something if it reaches the interesting paths.
    expect(clustered).toBeGreaterThan(20);
    expect(nonEmpty).toBeGreaterThan(75);
  });
});
