import fs from 'node:fs';
import path from 'node:path';

/**
 * Which test files run a second time on PostgreSQL (the vitest project `server-postgres`,
 * TEST_DATABASE=postgres: server/testing/test-database.ts). Every server, sync and integration
 * test file that opens a database does, found by what it calls, except the ones listed in
 * NOT_YET_ON_POSTGRES: the one place naming what still runs on SQLite only. Shrink it as ports
 * land; never grow it for a new test.
 */

const FOLDERS = ['server', 'sync', 'tests/integration'];

/** A test opens a database through one of these (directly or through a feature's fixtures). */
const OPENS_A_DATABASE = /createTestApp|openTestDb\(|from '[^']*fixtures\.ts'/;

/**
 * Not yet on PostgreSQL, each for the reason above it (docs/postgres.md "Still SQLite-only").
 * A test reads the database through `t.handle.all`/`row`/`value`/`values` and seeds through
 * `seedTestDb`, which run on both; `handle.sqlite` throws on PostgreSQL.
 */
export const NOT_YET_ON_POSTGRES: readonly string[] = [
  // Offline areas: the tests draw map queries from the raw SQLite connection
  // (server/testing/map-queries.ts randomQueries) and one setup statement is SQLite's; the
  // offline-area code itself runs on both (the other tests of these files pass on PostgreSQL).
  // paging.test compares the SQLite pager statementPage (server/db/paging.ts) with the others.
  'server/offline-areas/offline-areas.test.ts',
  'server/offline-areas/offline-view.test.ts',
  'server/db/paging.test.ts',
  // The backup engine copies the SQLite file (server/ops/backup/engine.ts); PostgreSQL is backed
  // up by its own tools (pg_dump, the managed service's snapshots), so these stay SQLite's.
  'server/ops/backup/backup.test.ts',
  'server/ops/backup/restore.test.ts',
  'tests/integration/restore-drill.test.ts',
];

function testFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.postgres.test.ts') && !f.includes('node_modules'))
    .map((f) => path.posix.join(folder, f.split(path.sep).join('/')));
}

/** The test files (relative to `root`) that open a database: each runs on both databases. */
export function databaseTestFiles(root: string): string[] {
  return FOLDERS.flatMap((folder) => testFiles(root, folder))
    .filter((file) => OPENS_A_DATABASE.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/**
 * The files the server-postgres project runs. POSTGRES_ALL=1 includes the pending ones, to try
 * a port: `POSTGRES_ALL=1 npx vitest run --project server-postgres server/x/x.test.ts`.
 */
export function postgresTestFiles(root: string): string[] {
  const pending = new Set(process.env.POSTGRES_ALL ? [] : NOT_YET_ON_POSTGRES);
  return databaseTestFiles(root).filter((file) => !pending.has(file));
}
