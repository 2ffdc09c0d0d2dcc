import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DialectAdapter, Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely';
import { migrations } from '../../migrations/index.ts';
import { postgresMigrations } from '../../migrations/postgres/index.ts';
import { metrics } from '../ops/metrics.ts';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';
import { timedDialect } from './timed-dialect.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A query runs on the database or inside the caller's transaction: the caller decides. */
export type DbOrTx = Db | Tx;

/** The embedded SQLite database (server/db/postgres.ts opens PostgreSQL; server/db/open.ts picks). */
export interface DatabaseHandle {
  dialect: 'sqlite';
  db: Db;
  /** The raw connection, for hot paths and bulk loads where kysely's overhead matters. */
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

/** The raw connection behind each kysely handle, found through the adapter every derived handle shares. */
const connections = new WeakMap<DialectAdapter, SQLite.Database>();

/** kysely's SQLite dialect, remembering which better-sqlite3 connection its handles run on. */
class SqliteDialectOf extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }
  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    connections.set(adapter, this.#sqlite);
    return adapter;
  }
}

/**
 * The better-sqlite3 connection a kysely handle (the database, or a transaction opened on it)
 * runs on. Only repositories use it, for hot paths where kysely's overhead shows, each behind a
 * function that takes the handle like any other: the PostgreSQL port gives that function a body
 * of its own. A raw statement runs inside the caller's transaction when `db` is one (SQLite has
 * a single connection, and kysely holds it for the transaction's whole length).
 */
export function rawSqlite(db: DbOrTx): SQLite.Database {
  // Every handle derived from one Kysely (transactions, connections, plugins) keeps its adapter.
  const sqlite = connections.get(db.getExecutor().adapter);
  if (!sqlite) throw new Error('rawSqlite: the handle is not an SQLite database opened by openDatabase');
  return sqlite;
}

/** Opens (and creates) the SQLite file with the pragmas the server relies on. */
export function openDatabase({ file }: { file: string }): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  applyPragmas(sqlite);
  const db = new Kysely<Database>({
    dialect: timedDialect({
      dialect: new SqliteDialectOf(sqlite),
      waited: metrics.connectionWait,
    }),
  });
  return { dialect: 'sqlite', db, sqlite, close: () => db.destroy() };
}

export function applyPragmas(sqlite: SQLite.Database): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
}

/** Runs the migrations of `db`'s database (migrations/ on SQLite, migrations/postgres/ on PostgreSQL). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on the untyped database, like the migrations
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const chosen = dialectOf(db) === 'postgres' ? postgresMigrations : migrations;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => chosen },
    // Features land from parallel branches: a database that already ran 0004 must still run 0003.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A fresh migrated in-memory database: the fixture every server test starts from. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const handle = openDatabase({ file: ':memory:' });
  await migrateToLatest(handle.db);
  return handle;
}
