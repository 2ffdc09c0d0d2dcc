import { type Kysely, PostgresAdapter, SqliteAdapter } from 'kysely';

/**
 * The two databases the server runs on: embedded SQLite (the default) or PostgreSQL
 * (DATABASE_URL). Services, routes and mutators never ask; a repository whose SQL cannot be
 * written once for both asks here, or better, calls the helper of server/db/ for that concern
 * (docs/postgres.md lists them).
 */
export type Dialect = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: any database or transaction, typed or not
type AnyDb = Pick<Kysely<any>, 'getExecutor'>;

/** Which database `db` (a Kysely instance or a transaction) talks to, from its adapter. */
export function dialectOf(db: AnyDb): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`unsupported database adapter: ${adapter.constructor.name}`);
}

/** The SQL of the database `db` talks to, chosen from one entry per dialect. */
export function byDialect<T>(db: AnyDb, choices: Record<Dialect, T>): T {
  return choices[dialectOf(db)];
}
