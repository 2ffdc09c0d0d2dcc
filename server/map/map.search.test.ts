import { afterEach, describe, expect, it } from 'vitest';
import { createRng } from '../seed/random.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/fixtures.ts';
import { randomQueries } from '../testing/map-queries.ts';
import { insertGeneratedSites } from './map.fixture.ts';
import { searchMap } from './map.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('the indexed map search', () => {
  // The index tables, grid cells, keyword shortcuts and the in-memory copy are optimisations:
  // whatever path a query takes, the answer must be the one a plain scan of the sites gives.
  it('answers 400 random viewport, keyword and filter queries from memory and the indexes exactly as a plain scan does', async () => {
    t = await createTestApp();
    const owner = await insertUser(t);
    const generated = await insertGeneratedSites(t, {
      rng: createRng(11),
      count: 3000,
      ownerIds: [owner],
      now: new Date('2026-11-01T00:00:00Z'),
      unitsScale: 0.2,
    });
    const queries = randomQueries({ sqlite: generated.sqlite, rng: createRng(12), count: 400 });
    await generated.close();
    // Short keywords inside a viewport take their own path; the set must hold some.
    expect(
      queries.filter((q) => q.keyword && [...q.keyword].length < 3 && q.use_keyword !== 'Y').length,
    ).toBeGreaterThan(0);
    let found = 0;
    for (const query of queries) {
      const mirrored = await searchMap({ db: t.deps.db, userIdx: owner, query });
      const indexed = await searchMap({ db: t.deps.db, userIdx: owner, query, via: 'indexes' });
      const scanned = await searchMap({ db: t.deps.db, userIdx: owner, query, via: 'scan' });
      expect(indexed, JSON.stringify(query)).toEqual(scanned);
      expect(mirrored, JSON.stringify(query)).toEqual(scanned);
      found += mirrored.count;
    }
    expect(found).toBeGreaterThan(0);
  }, 120_000);
});
