import { openTestDatabase } from './server/db/database.ts';
import { seedDemo } from './server/seed/demo.ts';
import { createRng } from './server/seed/random.ts';
import { generateSites } from './server/seed/sites.generator.ts';
import { readPullPage } from './server/sync/pull.repository.ts';

const { sqlite } = await openTestDatabase();
seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date(), siteCount: 0 });
generateSites({ sqlite, rng: createRng(1), count: 10000, ownerIds: [3], now: new Date() });
let cursor: string | null = null;
let total = 0;
for (let i = 0; i < 40; i++) {
  const t0 = performance.now();
  const page = readPullPage({ sqlite, userIdx: 3, clientId: 'x', cursor, limit: 1000 });
  const t1 = performance.now();
  const json = JSON.stringify(page);
  const t2 = performance.now();
  const kinds = [...new Set(page.changes.map((c) => c.t))].join(',');
  console.log(
    i,
    kinds,
    page.changes.length,
    'read',
    (t1 - t0).toFixed(0),
    'json',
    (t2 - t1).toFixed(0),
    (json.length / 1e6).toFixed(1) + 'MB',
  );
  total += t2 - t0;
  cursor = page.cursor;
  if (!page.more) break;
}
console.log('total', total.toFixed(0));
