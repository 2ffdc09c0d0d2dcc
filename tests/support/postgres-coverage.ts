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
 * Not yet on PostgreSQL: their code paths still run raw SQLite statements (docs/postgres.md
 * "Still SQLite-only"), or the test itself reads `handle.sqlite`.
 */
export const NOT_YET_ON_POSTGRES: readonly string[] = [];

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

/** The files the server-postgres project runs. */
export function postgresTestFiles(root: string): string[] {
  const pending = new Set(NOT_YET_ON_POSTGRES);
  return databaseTestFiles(root).filter((file) => !pending.has(file));
}
