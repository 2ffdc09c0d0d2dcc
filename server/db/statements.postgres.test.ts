import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { tableColumns } from './columns.ts';
import { type DatabaseHandle, type Db, openTestDatabase } from './database.ts';
import { runStatement } from './statements.ts';

/** The hot statements and the column lists give the same answers on SQLite and on PostgreSQL. */

let sqlite: DatabaseHandle;
let postgres: TestPostgres;

beforeAll(async () => {
  sqlite = await openTestDatabase();
  postgres = await freshPostgresDatabase();
});

afterAll(async () => {
  await sqlite?.close();
  await postgres?.drop();
});

async function onBoth<T>(run: (db: Db) => Promise<T>): Promise<T[]> {
  return [await run(sqlite.db), await run(postgres.handle.db)];
}

describe('runStatement', () => {
  it('writes, counts the rows it changed and reads them back the same on both databases, inside a transaction', async () => {
    const answers = await onBoth((db) =>
      db.transaction().execute(async (tx) => {
        const written = await runStatement({
          db: tx,
          sql: `INSERT INTO areas (f_area, f_district, f_code) VALUES (?, ?, ?), (?, ?, ?)
            ON CONFLICT DO NOTHING`,
          params: ['서울', '테스트구', '99991', '서울', '시험구', '99992'],
        });
        const again = await runStatement({
          db: tx,
          sql: "UPDATE areas SET f_district = f_district || '!' WHERE f_code IN (?, ?)",
          params: ['99991', '99992'],
        });
        const read = await runStatement<{ f_district: string; f_code: string }>({
          db: tx,
          sql: 'SELECT f_district, f_code FROM areas WHERE f_code >= ? ORDER BY f_code',
          params: ['99991'],
        });
        return { written: written.changes, updated: again.changes, rows: read.rows };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      written: 2,
      updated: 2,
      rows: [
        { f_district: '테스트구!', f_code: '99991' },
        { f_district: '시험구!', f_code: '99992' },
      ],
    });
  });
});

describe('tableColumns', () => {
  it('lists the same columns of a table on both databases, and refuses a table that does not exist', async () => {
    const [onSqlite, onPostgres] = await onBoth((db) => tableColumns({ db, table: 'sites' }));
    expect([...(onPostgres ?? [])].sort()).toEqual([...(onSqlite ?? [])].sort());
    expect(onSqlite).toContain('f_inlay_image_url');
    for (const db of [sqlite.db, postgres.handle.db]) {
      await expect(tableColumns({ db, table: 'no_such_table' })).rejects.toThrow('no table no_such_table');
    }
  });
});
