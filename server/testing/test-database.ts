import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type pg from 'pg';
import {
  type DatabaseHandle,
  type Db,
  migrateToLatest,
  openDatabase,
  openTestDatabase,
} from '../db/database.ts';
import type { Dialect } from '../db/dialect.ts';
import type { PostgresHandle } from '../db/postgres.ts';

/**
 * The database a server test runs on: SQLite in memory (the default), or a fresh PostgreSQL
 * database copied from the run's migrated template when TEST_DATABASE=postgres (the vitest
 * project `server-postgres`, which starts the cluster: vitest.config.ts).
 */
export interface TestDatabase {
  dialect: Dialect;
  db: Db;
  /**
   * The raw better-sqlite3 connection, on SQLite only: a test reading it is SQLite-only (it is
   * listed in tests/support/postgres-coverage.ts), and reading it on PostgreSQL throws.
   */
  readonly sqlite: SQLite.Database;
  /** The pool, on PostgreSQL only (null on SQLite). */
  pool: pg.Pool | null;
  /** Rows inserted, updated or deleted through this database since it opened (rolled back ones too). */
  changes: () => number;
  /**
   * The rows of a statement written for both databases, `?` for each parameter: what a test
   * looks at or sets up directly (`await t.handle.all('SELECT * FROM sites WHERE f_idx = ?', 1)`).
   */
  all: <T = Record<string, unknown>>(statement: string, ...params: unknown[]) => Promise<T[]>;
  /** The first row of `statement` (written as for `all`), or undefined when there is none. */
  row: <T = Record<string, unknown>>(statement: string, ...params: unknown[]) => Promise<T | undefined>;
  /** The first column of the first row (`SELECT COUNT(*) …`: column names differ by database). */
  value: <T = unknown>(statement: string, ...params: unknown[]) => Promise<T | undefined>;
  /** The first column of every row. */
  values: <T = unknown>(statement: string, ...params: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

/** Which database the tests of this process run on (TEST_DATABASE, default sqlite). */
export function testDialect(): Dialect {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh migrated database of the run's kind. `file` (SQLite only) keeps it in a file, for
 * tests that back it up, restore it or open it again.
 */
export async function openTestDb({ file }: { file?: string } = {}): Promise<TestDatabase> {
  if (testDialect() === 'postgres') {
    if (file) throw new Error('a test database in a file exists on SQLite only');
    return openPostgresTestDb();
  }
  const handle = file ? openDatabase({ file }) : await openTestDatabase();
  if (file) await migrateToLatest(handle.db);
  return sqliteTestDb(handle);
}

function sqliteTestDb(handle: DatabaseHandle): TestDatabase {
  const total = handle.sqlite.prepare('SELECT total_changes() AS n');
  return {
    dialect: 'sqlite',
    db: handle.db,
    sqlite: handle.sqlite,
    pool: null,
    changes: () => (total.get() as { n: number }).n,
    ...readers(handle.db),
    close: handle.close,
  };
}

async function openPostgresTestDb(): Promise<TestDatabase> {
  // Only the server-postgres project reaches this: it loads vitest's inject().
  const { freshPostgresDatabase } = await import('../../tests/support/postgres-database.ts');
  const database = await freshPostgresDatabase();
  return postgresTestDb({ handle: database.handle, close: database.drop });
}

/** A PostgreSQL database a test made itself (a copy's target, say) as the database of a test app. */
export function postgresTestDb({
  handle,
  close,
}: {
  handle: PostgresHandle;
  close: () => Promise<void>;
}): TestDatabase {
  return {
    dialect: 'postgres',
    db: handle.db,
    get sqlite(): SQLite.Database {
      throw new Error('this test reads the raw SQLite connection: it runs on SQLite only');
    },
    pool: handle.pool,
    changes: countRowsWritten(handle),
    ...readers(handle.db),
    close,
  };
}

function readers(db: Db): Pick<TestDatabase, 'all' | 'row' | 'value' | 'values'> {
  const all = statementOn(db);
  const firstColumn = (row: object | undefined) => (row ? Object.values(row)[0] : undefined);
  return {
    all,
    row: async <T>(statement: string, ...params: unknown[]) => (await all<T>(statement, ...params))[0],
    value: async <T>(statement: string, ...params: unknown[]) =>
      firstColumn((await all<object>(statement, ...params))[0]) as T | undefined,
    values: async <T>(statement: string, ...params: unknown[]) =>
      (await all<object>(statement, ...params)).map((row) => firstColumn(row) as T),
  };
}

/** Runs `statement` with its `?` placeholders bound to `params`, through kysely on either database. */
function statementOn(db: Db) {
  return async <T>(statement: string, ...params: unknown[]): Promise<T[]> => {
    const parts = statement.split('?');
    if (parts.length !== params.length + 1)
      throw new Error(`${parts.length - 1} placeholders, ${params.length} values`);
    const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
    return (await sql<T>(strings, ...params).execute(db)).rows;
  };
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Counts the rows each INSERT, UPDATE, DELETE or MERGE of the pool reports, as SQLite's
 * total_changes() counts a connection's: "bad input changes nothing" compares it before and
 * after. Every connection of the pool is counted, those opened before too (pg hands a
 * connected client to 'connect' once, before any query).
 */
function countRowsWritten(handle: PostgresHandle): () => number {
  let rows = 0;
  const count = (result: unknown) => {
    for (const r of Array.isArray(result) ? result : [result]) {
      const { command, rowCount } = (r ?? {}) as { command?: string; rowCount?: number | null };
      if (command && WRITES.has(command)) rows += rowCount ?? 0;
    }
  };
  handle.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const answer = query(...args);
      if (answer instanceof Promise) answer.then(count, () => {});
      return answer;
    };
  });
  return () => rows;
}
