import type SQLite from 'better-sqlite3';

const caches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * A prepared statement, prepared once per connection. kysely prepares every query anew;
 * the sync paths run a few statements per mutation and per pull, where that shows.
 * Only for use while holding the connection (inside a kysely transaction or connection()).
 */
export function cached({ sqlite, sql }: { sqlite: SQLite.Database; sql: string }): SQLite.Statement {
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
