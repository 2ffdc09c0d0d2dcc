import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { type DbOrTx, rawSqlite } from './database.ts';
import { dialectOf } from './dialect.ts';

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

/** `?` placeholders numbered for PostgreSQL ($1, $2…), once per statement text. */
const numbered = new Map<string, string>();

function postgresText(text: string): string {
  let out = numbered.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
    numbered.set(text, out);
  }
  return out;
}

/**
 * A statement of the sync's hot paths (each like, memo, site check), written once in SQL both
 * databases read, with `?` placeholders (and no `?` anywhere else). On SQLite a prepared
 * statement kept for the connection: kysely builds, compiles and prepares every query anew,
 * which costs more than such a query itself. On PostgreSQL through kysely's connection, so inside
 * the caller's transaction. Answers the rows read and the rows changed.
 */
export async function runStatement<Row = Record<string, unknown>>({
  db,
  sql,
  params,
}: {
  db: DbOrTx;
  sql: string;
  params: readonly unknown[];
}): Promise<{ rows: Row[]; changes: number }> {
  if (dialectOf(db) === 'postgres') {
    const result = await db.executeQuery<Row>(CompiledQuery.raw(postgresText(sql), [...params]));
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0) };
  }
  const statement = cached({ db, sql });
  if (statement.reader) return { rows: statement.all(...params) as Row[], changes: 0 };
  return { rows: [], changes: statement.run(...params).changes };
}
