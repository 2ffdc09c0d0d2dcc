import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { databaseSettings, openConfiguredDatabase } from './open.ts';

let database: TestPostgres;
beforeAll(async () => {
  database = await freshPostgresDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('opening the database the environment names', () => {
  it('is the SQLite file without DATABASE_URL, and PostgreSQL with one', async () => {
    const file = path.join(os.tmpdir(), `open-${process.pid}.db`);
    const embedded = openConfiguredDatabase({ settings: databaseSettings({}), sqliteFile: file });
    expect(embedded.dialect).toBe('sqlite');
    await embedded.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });

    const handle = openConfiguredDatabase({
      settings: databaseSettings({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '3' }),
      sqliteFile: file,
    });
    expect(handle.dialect).toBe('postgres');
    expect('sqlite' in handle).toBe(false);
    const { rows } = await sql<{ settings: number }>`SELECT count(*) AS settings FROM app_settings`.execute(
      handle.db,
    );
    expect(rows[0]?.settings).toBeGreaterThan(0);
    if (handle.dialect === 'postgres') expect(handle.pool.options.max).toBe(3);
    await handle.close();
  });

  it('keeps ten connections unless told, and names a wrong setting', () => {
    expect(databaseSettings({ DATABASE_URL: '' })).toEqual({ url: null, poolSize: 10 });
    expect(() => databaseSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/^DATABASE_URL: /);
    expect(() => databaseSettings({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '0' })).toThrow(
      /^DATABASE_POOL_SIZE: /,
    );
  });
});
