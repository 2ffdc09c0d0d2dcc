import type SQLite from 'better-sqlite3';
import { copyRows } from '../db/copy-rows.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Runs a seed written for SQLite (the demo data, generated sites, the officetel list) on the
 * test's database, whichever it is. On PostgreSQL it runs on a scratch SQLite database whose rows
 * are then copied over, as `npm start` seeds PostgreSQL (server/seed/seed-database.ts). The
 * scratch database checks no foreign keys: the seed may name rows the test made before (an
 * owner), and PostgreSQL checks every copied row against its own.
 */
export async function seedTestDb<T>({
  handle,
  seed,
}: {
  handle: TestDatabase;
  seed: (sqlite: SQLite.Database) => T | Promise<T>;
}): Promise<T> {
  if (handle.dialect === 'sqlite') return seed(handle.sqlite);
  const scratch = openDatabase({ file: ':memory:' });
  try {
    await migrateToLatest(scratch.db);
    scratch.sqlite.pragma('foreign_keys = OFF');
    const seeded = await seed(scratch.sqlite);
    await copyRows({ from: scratch.sqlite, to: handle.db });
    return seeded;
  } finally {
    await scratch.close();
  }
}
