import { ensureAreas } from '../areas/areas.seed.ts';
import { createRng } from '../seed/random.ts';
import { generateSites } from '../seed/sites.generator.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { seedTestDb } from '../testing/seed-test-db.ts';

/**
 * An app with `count` generated sites (seeded, so a test sees the same map each run) owned by one
 * member whose usage ticket runs far ahead, as offline areas need one.
 */
export async function appWithSites({ count, seed }: { count: number; seed: number }): Promise<{
  t: TestApp;
  owner: number;
  token: string;
}> {
  const t = await createTestApp();
  const owner = await insertUser(t, { f_usage_date: '2099-01-01T00:00:00.000Z' });
  await seedTestDb({
    handle: t.handle,
    seed: (sqlite) => {
      ensureAreas({ sqlite });
      generateSites({
        sqlite,
        rng: createRng(seed),
        count,
        ownerIds: [owner],
        now: new Date('2026-11-01T00:00:00Z'),
        unitsScale: 0.2,
      });
    },
  });
  const token = await insertSession(t, { userIdx: owner, deviceId: `d-${owner}` });
  return { t, owner, token };
}
