import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureAreas } from '../areas/areas.seed.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { DEMO_SEED, seedDemo } from './demo.ts';
import { createRng } from './random.ts';
import { generateSites } from './sites.generator.ts';

/**
 * npm run seed -- --sites 100000 --db /tmp/x.db [--seed 42] [--units-scale 0.5]
 * Creates and migrates the database if needed, adds the demo accounts if it has none,
 * then adds the requested number of generated sites.
 */
const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '200' },
    db: { type: 'string' },
    seed: { type: 'string', default: String(DEMO_SEED) },
    'units-scale': { type: 'string', default: '1' },
  },
});

const config = loadConfig();
const file = path.resolve(values.db ?? config.dbFile);
const count = Number(values.sites);
if (!Number.isInteger(count) || count < 0) throw new Error('--sites must be a whole number');

const started = performance.now();
const handle = openDatabase({ file });
await migrateToLatest(handle.db);
ensureAreas({ sqlite: handle.sqlite });
seedDemo({ sqlite: handle.sqlite, superAdminPhone: config.superAdminPhone, now: new Date(), siteCount: 0 });
const owners = (
  handle.sqlite.prepare("SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A'").all() as Array<{
    f_idx: number;
  }>
).map((r) => r.f_idx);
const totals = generateSites({
  sqlite: handle.sqlite,
  rng: createRng(Number(values.seed)),
  count,
  ownerIds: owners,
  now: new Date(),
  unitsScale: Number(values['units-scale']),
});
handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
await handle.close();
console.log(
  JSON.stringify({ db: file, ...totals, seconds: Math.round((performance.now() - started) / 100) / 10 }),
);
