import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { metrics } from '../ops/metrics.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { timedDialect } from './timed-dialect.ts';

/**
 * PostgreSQL through kysely's PostgresDialect over a `pg` pool. Values come back as the
 * SQLite path returns them, so repositories and services see one shape whichever database
 * runs: the schema keeps SQLite's representations (times as ISO-8601 UTC text, money as
 * integer 만원, flags 'Y'/'N', JSON as text; migrations/postgres/), and the parsers below turn
 * what PostgreSQL types on its own (counts, sums, comparisons, json functions) into SQLite's.
 */
export interface PostgresHandle {
  dialect: 'postgres';
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/** An int8 as a JavaScript number; one beyond 2^53 would silently change, so it is refused. */
function int8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer beyond 2^53 from PostgreSQL: ${text}`);
  return value;
}

/** A timestamp PostgreSQL computed (the session runs in UTC) as the ISO text the app stores. */
function isoUtc(text: string): string {
  const date = new Date(`${text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')}`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

const TYPE = {
  BOOL: 16,
  INT8: 20,
  JSON: 114,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  NUMERIC: 1700,
  JSONB: 3802,
} as const;

const parsers = new Map<number, (text: string) => unknown>([
  // count(*), sum() of integers, bigint columns: numbers, as better-sqlite3 gives.
  [TYPE.INT8, int8],
  [TYPE.NUMERIC, Number],
  // SQLite has no booleans: a comparison or EXISTS selected as a value is 1 or 0.
  [TYPE.BOOL, (text) => (text === 't' ? 1 : 0)],
  // SQLite's json functions return text; so do these (the app parses where it needs to).
  [TYPE.JSON, (text) => text],
  [TYPE.JSONB, (text) => text],
  [TYPE.TIMESTAMPTZ, isoUtc],
  [TYPE.TIMESTAMP, (text) => isoUtc(`${text}+00`)],
  [TYPE.DATE, (text) => text],
]);

/** The type parsers of every connection this module opens (per pool, never pg's global ones). */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && parsers.has(oid)
      ? parsers.get(oid)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export const DEFAULT_POOL_SIZE = 10;

/**
 * Opens a pool on `url` (postgres://user:password@host:port/database) with `poolSize`
 * connections at most. Sessions run in UTC. A connection the server drops while idle (a
 * restart, a failover) leaves the pool and is reported to `onIdleError`; the next query opens
 * another.
 */
export function openPostgres({
  url,
  poolSize = DEFAULT_POOL_SIZE,
  onIdleError = () => {},
}: {
  url: string;
  poolSize?: number;
  onIdleError?: (error: Error) => void;
}): PostgresHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: postgresTypes,
    options: '-c TimeZone=UTC',
  });
  pool.on('error', onIdleError);
  // The wait for a pool connection is bunyang_db_connection_wait_seconds, as the one connection's on SQLite.
  const db = new Kysely<Database>({
    dialect: timedDialect({ dialect: new PostgresDialect({ pool }), waited: metrics.connectionWait }),
  });
  const close = async () => {
    // kysely ends the pool only once it has used it.
    await db.destroy();
    if (!pool.ended) await pool.end();
  };
  return { dialect: 'postgres', db, pool, close };
}
