import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase, rawSqlite } from './database.ts';
import type { Database } from './schema.ts';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const areaCount = (sqlite: SQLite.Database) =>
  sqlite.prepare("SELECT count(*) FROM areas WHERE f_code = '99999'").pluck().get() as number;

describe('the raw connection behind a kysely handle', () => {
  it('is the database’s own, and a raw statement on a transaction sees its writes and goes with its rollback', async () => {
    handle = await openTestDatabase();
    const { db, sqlite } = handle;
    expect(rawSqlite(db)).toBe(sqlite);
    await expect(
      db.transaction().execute(async (tx) => {
        await tx
          .insertInto('areas')
          .values({
            f_area: '시험도',
            f_district: '시험구',
            f_code: '99999',
            f_latitude: null,
            f_longitude: null,
          })
          .execute();
        expect(rawSqlite(tx)).toBe(sqlite);
        expect(areaCount(rawSqlite(tx))).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(areaCount(sqlite)).toBe(0);
    await db.connection().execute(async (conn) => expect(rawSqlite(conn)).toBe(sqlite));
  });

  it('is refused for a kysely handle the app did not open', async () => {
    const sqlite = new SQLite(':memory:');
    const other = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    expect(() => rawSqlite(other)).toThrow('not an SQLite database opened by openDatabase');
    await other.destroy();
  });
});
