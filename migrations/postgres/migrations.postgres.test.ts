import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import {
  freshPostgresDatabase,
  postgresUrl,
  type TestPostgres,
} from '../../tests/support/postgres-database.ts';
import { postgresMigrations } from './index.ts';

let database: TestPostgres | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('PostgreSQL migrations', () => {
  it('apply in order on an empty database', async () => {
    database = await freshPostgresDatabase({ empty: true });
    const applied = await migrateToLatest(database.handle.db);
    expect(applied).toEqual(Object.keys(postgresMigrations));
    expect(applied).toEqual([...applied].sort());
  });

  it('running them again changes nothing', async () => {
    database = await freshPostgresDatabase();
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it('leave no text column comparing by the database default collation', async () => {
    database = await freshPostgresDatabase();
    const { rows } = await database.handle.pool.query<{ column: string }>(`
      SELECT c.table_name || '.' || c.column_name AS column FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_%'
        AND c.data_type IN ('text', 'character varying', 'character')
        AND c.collation_name IS DISTINCT FROM 'C'
      ORDER BY 1`);
    // SQLite compares text byte by byte: a column that does not would sort and match differently.
    expect(rows.map((r) => r.column)).toEqual([]);
  });

  it('refuse a database whose character type would hide Korean from the keyword index', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    const name = `t_ctype_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 LC_CTYPE 'C' LC_COLLATE 'C'`);
    const handle = openPostgres({ url: postgresUrl(name) });
    try {
      await expect(migrateToLatest(handle.db)).rejects.toThrow(/needs a UTF-8 LC_CTYPE/);
    } finally {
      await handle.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
