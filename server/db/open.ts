import * as v from 'valibot';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { DEFAULT_POOL_SIZE, openPostgres, type PostgresHandle } from './postgres.ts';

/** Either database; `dialect` tells them apart, and only the SQLite one has `sqlite`. */
export type AnyDatabaseHandle = DatabaseHandle | PostgresHandle;

const settingsSchema = v.object({
  /** postgres://user:password@host:port/database runs on PostgreSQL; unset (or empty), on SQLite. */
  DATABASE_URL: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be postgres://…'))]),
    '',
  ),
  /** Connections each server process keeps to PostgreSQL at most. */
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1000)),
    String(DEFAULT_POOL_SIZE),
  ),
});

export interface DatabaseSettings {
  /** null: the embedded SQLite file. */
  url: string | null;
  poolSize: number;
}

/** Reads DATABASE_URL and DATABASE_POOL_SIZE; a wrong value throws naming the variable. */
export function databaseSettings(env: Record<string, string | undefined>): DatabaseSettings {
  const parsed = v.safeParse(settingsSchema, {
    DATABASE_URL: env.DATABASE_URL,
    DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE,
  });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`${v.getDotPath(issue) ?? 'DATABASE_URL'}: ${issue.message}`);
  }
  return { url: parsed.output.DATABASE_URL || null, poolSize: parsed.output.DATABASE_POOL_SIZE };
}

/** PostgreSQL when the settings name one, else the SQLite file `sqliteFile`. */
export function openConfiguredDatabase({
  settings,
  sqliteFile,
  onIdleError,
}: {
  settings: DatabaseSettings;
  sqliteFile: string;
  /** PostgreSQL: a pooled connection the server dropped while idle (a restart, a failover). */
  onIdleError?: (error: Error) => void;
}): AnyDatabaseHandle {
  return settings.url === null
    ? openDatabase({ file: sqliteFile })
    : openPostgres({
        url: settings.url,
        poolSize: settings.poolSize,
        ...(onIdleError ? { onIdleError } : {}),
      });
}
