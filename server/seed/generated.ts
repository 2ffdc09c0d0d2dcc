import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { ensureAreas } from '../areas/areas.seed.ts';
import { copyRows } from '../db/copy-rows.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { verifyCopy } from '../db/db-copy.ts';
import { seedDemo } from './demo.ts';
import { createRng } from './random.ts';
import { type GeneratedSiteSet, generateSites } from './sites.generator.ts';

/** What `npm run seed` generates: the same for the same seed, count and scale. */
export interface GenerateOptions {
  count: number;
  seed: number;
  unitsScale: number;
  superAdminPhone: string;
  now: Date;
}

/** The demo accounts (when there are none) and `count` generated sites, into an SQLite database. */
function seedInto(sqlite: SQLite.Database, options: GenerateOptions): GeneratedSiteSet {
  const { superAdminPhone, now } = options;
  ensureAreas({ sqlite });
  seedDemo({ sqlite, superAdminPhone, now, siteCount: 0 });
  const owners = (
    sqlite.prepare("SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A'").all() as Array<{
      f_idx: number;
    }>
  ).map((r) => r.f_idx);
  return generateSites({
    sqlite,
    rng: createRng(options.seed),
    count: options.count,
    ownerIds: owners,
    now,
    unitsScale: options.unitsScale,
  });
}

/** Generated sites added to the SQLite file (created and migrated when new). */
export async function seedSqliteFile({ file, ...options }: GenerateOptions & { file: string }) {
  const handle = openDatabase({ file });
  try {
    await migrateToLatest(handle.db);
    const totals = seedInto(handle.sqlite, options);
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return totals;
  } finally {
    await handle.close();
  }
}

/**
 * Generated sites in a PostgreSQL database without members: the same generator fills a scratch
 * SQLite file, whose rows are copied over whole (server/db/copy-rows.ts, the change feed
 * included: no device can have synced from a database without members) and compared table by
 * table. Throws, writing nothing, when the database has members.
 */
export async function seedPostgres({
  db,
  ...options
}: GenerateOptions & { db: Db }): Promise<GeneratedSiteSet> {
  await migrateToLatest(db);
  const members = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(members.n) > 0) {
    throw new Error(
      `the PostgreSQL database already has ${members.n} members: npm run seed fills one without members (create a new database for it)`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bunyang-seed-'));
  const scratch = openDatabase({ file: path.join(dir, 'seed.db') });
  try {
    await migrateToLatest(scratch.db);
    const totals = seedInto(scratch.sqlite, options);
    await copyRows({ from: scratch.sqlite, to: db, whole: true });
    const differing = (await verifyCopy({ from: scratch.sqlite, to: db })).filter((t) => !t.same);
    if (differing.length > 0) {
      throw new Error(
        `the generated rows differ on PostgreSQL in ${differing.map((t) => t.table).join(', ')}`,
      );
    }
    return totals;
  } finally {
    await scratch.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
