import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../tests/support/postgres-database.ts';
import { verifyCopy } from '../db/db-copy.ts';
import { seedPostgres, seedSqliteFile } from './generated.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const options = {
  count: 25,
  seed: 7,
  unitsScale: 0.5,
  superAdminPhone: '01000000000',
  now: new Date('2026-11-27T03:00:00Z'),
};

describe('npm run seed on PostgreSQL', () => {
  it('fills a database without members with the rows the same seed gives on SQLite, table by table', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-seed-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const onSqlite = await seedSqliteFile({ file, ...options });
    const target = await freshPostgresDatabase({ empty: true });
    cleanups.push(() => target.drop());

    const onPostgres = await seedPostgres({ db: target.handle.db, ...options });
    expect(onPostgres).toEqual(onSqlite);
    expect(onPostgres.sites).toBe(25);

    const sqlite = new SQLite(file, { readonly: true });
    cleanups.push(() => {
      sqlite.close();
    });
    const checks = await verifyCopy({ from: sqlite, to: target.handle.db });
    expect(checks.filter((c) => !c.same).map((c) => c.table)).toEqual([]);
    const rows = Object.fromEntries(checks.map((c) => [c.table, c.target.rows]));
    expect(rows.sites).toBe(25);
    expect(rows.map_sites).toBeGreaterThan(0);
    expect(rows.sync_feed).toBeGreaterThan(0);

    // A database with members is not seeded again: nothing is added.
    await expect(seedPostgres({ db: target.handle.db, ...options, seed: 8 })).rejects.toThrow(
      /already has \d+ members/,
    );
    const sites = await target.handle.db.selectFrom('sites').select('f_idx').execute();
    expect(sites).toHaveLength(25);
  });
});
