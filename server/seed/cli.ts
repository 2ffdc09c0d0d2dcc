import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { databaseSettings } from '../db/open.ts';
import { openPostgres } from '../db/postgres.ts';
import { DEMO_SEED } from './demo.ts';
import { seedPostgres, seedSqliteFile } from './generated.ts';

/**
 * npm run seed -- --sites 100000 [--db /tmp/x.db] [--seed 42] [--units-scale 0.5]
 * Creates and migrates the database if needed, adds the demo accounts if it has none,
 * then adds the requested number of generated sites. With DATABASE_URL set and no --db: the
 * PostgreSQL database it names, which must have no member yet (./generated.ts).
 */
const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '200' },
    db: { type: 'string' },
    seed: { type: 'string', default: String(DEMO_SEED) },
    'units-scale': { type: 'string', default: '1' },
  },
});

try {
  const config = loadConfig();
  const count = Number(values.sites);
  if (!Number.isInteger(count) || count < 0) throw new Error('--sites must be a whole number');
  const options = {
    count,
    seed: Number(values.seed),
    unitsScale: Number(values['units-scale']),
    superAdminPhone: config.superAdminPhone,
    now: new Date(),
  };
  const url = values.db === undefined ? databaseSettings(process.env).url : null;
  const started = performance.now();
  let where: string;
  let totals: Awaited<ReturnType<typeof seedSqliteFile>>;
  if (url) {
    const target = openPostgres({ url, poolSize: 2 });
    try {
      totals = await seedPostgres({ db: target.db, ...options });
    } finally {
      await target.close();
    }
    where = 'PostgreSQL (DATABASE_URL)';
  } else {
    where = path.resolve(values.db ?? config.dbFile);
    totals = await seedSqliteFile({ file: where, ...options });
  }
  console.log(
    JSON.stringify({ db: where, ...totals, seconds: Math.round((performance.now() - started) / 100) / 10 }),
  );
} catch (err) {
  process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
