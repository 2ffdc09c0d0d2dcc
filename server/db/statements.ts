import type SQLite from 'better-sqlite3';
import { type DbOrTx, rawSqlite } from './database.ts';

const caches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * A prepared statement on the connection `db` runs on, prepared once per connection. kysely
 * prepares every query anew; the sync paths run a few statements per mutation and per pull,
 * where that shows. Only for repositories (the PostgreSQL port gives their functions other
 * bodies), and only while holding the connection: inside the caller's transaction, or
 * `db.connection()`.
 */
export function cached({ db, sql }: { db: DbOrTx; sql: string }): SQLite.Statement {
  return cachedOn({ sqlite: rawSqlite(db), sql });
}

/** The same, for a repository that already holds the raw connection. */
export function cachedOn({ sqlite, sql }: { sqlite: SQLite.Database; sql: string }): SQLite.Statement {
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new Map();
    caches.set(sqlite, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
