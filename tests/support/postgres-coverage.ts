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
 * "Still SQLite-only"; most of them the sites' repositories), or the test itself reads
 * `handle.sqlite` (`t.handle.all` runs on both).
 */
export const NOT_YET_ON_POSTGRES: readonly string[] = [
  // Merged from main after the last PostgreSQL run: not tried there yet.
  'server/edits/offline-edits.test.ts',
  'server/map/map.mirror.test.ts',
  'server/shares/shares.permissions.test.ts',
  'tests/integration/offline-edits.test.ts',
  'server/db/paging.test.ts',
  'server/home/home.seed.test.ts',
  'server/http/list-pages.test.ts',
  'server/jobs/jobs.test.ts',
  'server/jobs/scheduler.test.ts',
  'server/map/map.keyword.test.ts',
  'server/map/map.routes.test.ts',
  'server/map/map.search.test.ts',
  'server/map/map.triggers.test.ts',
  'server/members/admin-export.test.ts',
  'server/members/admin-safety.test.ts',
  'server/members/member-detail.test.ts',
  'server/notify/notify.test.ts',
  'server/offline-areas/offline-areas.test.ts',
  'server/offline-areas/offline-view.test.ts',
  'server/ops/backup/backup.test.ts',
  'server/ops/backup/restore.test.ts',
  'server/ops/lifecycle.test.ts',
  'server/ops/metrics.test.ts',
  'server/public-data/officetel.seed.test.ts',
  'server/sites/visibility-rule.test.ts',
  'server/sync/live/live.test.ts',
  'server/sync/pull.test.ts',
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
