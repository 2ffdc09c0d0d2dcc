import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { localDiskStorage } from '../adapters/storage.ts';
import { openTestDatabase } from '../db/database.ts';
import { seedDatabase } from './seed-database.ts';

const NOW = new Date('2026-11-21T00:00:00Z');
const TABLES = [
  'users',
  'point_logs',
  'areas',
  'sites',
  'dongs',
  'hos',
  'groups',
  'group_members',
  'reports',
  'community_posts',
  'community_comments',
  'notifications',
  'notify_inbox',
  'officetel_prices',
  'ads',
  'app_settings',
  // Written by triggers: PostgreSQL's own rebuild them from the copied rows.
  'map_sites',
  'site_inlay_files',
  'sync_feed',
  'sync_site_versions',
] as const;

let database: TestPostgres | undefined;
const folders: string[] = [];
afterEach(async () => {
  await database?.drop();
  database = undefined;
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function storage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-pg-'));
  folders.push(dir);
  return localDiskStorage({ dir });
}

const seedArgs = { demo: true, demoHome: true, superAdminPhone: '01000000000', now: NOW };

async function rowCounts(db: TestPostgres['handle']['db']): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

describe('demo data on PostgreSQL', () => {
  it('holds the same rows as on SQLite, with the feed and the map written by its own triggers', async () => {
    database = await freshPostgresDatabase();
    const seeded = await seedDatabase({ handle: database.handle, storage: storage(), ...seedArgs });
    expect(seeded).toMatchObject({ demo: true, sites: 200 });
    expect(seeded.pictures).toBeGreaterThan(0);

    const sqlite = await openTestDatabase();
    await seedDatabase({ handle: sqlite, storage: storage(), ...seedArgs });
    const expected = await rowCounts(sqlite.db);
    await sqlite.close();
    expect(await rowCounts(database.handle.db)).toEqual(expected);
    expect(expected.sites).toBe(200);

    expect(expected.sync_feed).toBeGreaterThan(0);
    expect(expected.map_sites).toBeGreaterThan(0);
    const { db } = database.handle;
    // New rows continue after the copied ids.
    const added = await db
      .insertInto('areas')
      .values({
        f_area: '테스트',
        f_district: '테스트구',
        f_code: '99999',
        f_latitude: null,
        f_longitude: null,
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    expect(added.f_idx).toBe((expected.areas ?? 0) + 1);
    // Two whole demo seedings, pictures rendered for each: work, not waiting.
  }, 90_000);

  it('adds nothing to a database that has members, and the area list alone without demo data', async () => {
    database = await freshPostgresDatabase();
    const plain = await seedDatabase({
      handle: database.handle,
      storage: storage(),
      ...seedArgs,
      demo: false,
    });
    expect(plain.demo).toBe(false);
    const first = await rowCounts(database.handle.db);
    expect(first.areas).toBeGreaterThan(200);
    expect(first.users).toBe(0);

    await seedDatabase({ handle: database.handle, storage: storage(), ...seedArgs });
    const second = await rowCounts(database.handle.db);
    expect(second.users).toBeGreaterThan(0);
    const again = await seedDatabase({ handle: database.handle, storage: storage(), ...seedArgs });
    expect(again.demo).toBe(false);
    expect(await rowCounts(database.handle.db)).toEqual(second);
  }, 90_000);
});
