import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type PostgresHandle } from '../../server/db/postgres.ts';
import { POSTGRES_TEMPLATE } from './postgres-global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's cluster (tests/support/postgres-global-setup.ts), in the `postgres` project. */
    postgres: { host: string; port: number };
  }
}

export interface TestPostgres {
  name: string;
  url: string;
  /** A pool on the database (kysely `db`, `pool`), as the server opens it. */
  handle: PostgresHandle;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
}

/** The URL of `database` on the run's cluster. */
export function postgresUrl(database = 'postgres'): string {
  const { host, port } = inject('postgres');
  return `postgres://postgres@${host}:${port}/${database}`;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database of its own (a copy of the template: about 0.1 s), for a test of
 * the `postgres` project (`*.postgres.test.ts`); `empty` leaves out the migrations. Drop it
 * when done (`afterEach`/`afterAll`).
 */
export async function freshPostgresDatabase({
  poolSize,
  empty = false,
}: {
  poolSize?: number;
  empty?: boolean;
} = {}): Promise<TestPostgres> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) =>
    c.query(
      empty
        ? `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`
        : `CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`,
    ),
  );
  const url = postgresUrl(name);
  const handle = openPostgres({ url, ...(poolSize === undefined ? {} : { poolSize }) });
  return {
    name,
    url,
    handle,
    drop: async () => {
      await handle.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
