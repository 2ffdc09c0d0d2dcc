/**
 * Where a benchmark measures PostgreSQL (`--db postgres`, or DATABASE_URL set): the database
 * DATABASE_URL names (it must be empty), or a throwaway cluster started for the run
 * (tests/support/postgres-cluster.ts, durable like a real server) and removed after. The
 * benchmark builds its SQLite database as before and copies it over (server/db/copy-rows.ts),
 * so both databases are measured on the same rows.
 */
import SQLite from 'better-sqlite3';
import { copyRows } from '../server/db/copy-rows.ts';
import { migrateToLatest } from '../server/db/database.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { startPostgresCluster } from '../tests/support/postgres-cluster.ts';

export type BenchDatabase = 'sqlite' | 'postgres';

/** `--db sqlite|postgres` from the arguments; without it PostgreSQL when DATABASE_URL is set. */
export function benchDatabase(argv: readonly string[] = process.argv): BenchDatabase {
  const at = argv.indexOf('--db');
  const given = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--db='))?.slice('--db='.length);
  if (given === undefined) return process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  if (given !== 'sqlite' && given !== 'postgres') throw new Error(`--db ${given}: sqlite or postgres`);
  return given;
}

export interface BenchPostgres {
  url: string;
  /** Where it runs, for the results file. */
  describe: string;
  stop: () => Promise<void>;
}

/** The PostgreSQL database to measure: DATABASE_URL's, or a new one on a throwaway cluster. */
export async function benchPostgres(): Promise<BenchPostgres> {
  const given = process.env.DATABASE_URL;
  if (given) return { url: given, describe: 'DATABASE_URL', stop: async () => {} };
  const cluster = await startPostgresCluster({ durable: true });
  const url = await cluster.createDatabase({ name: 'bench' });
  return { url, describe: `throwaway cluster, PostgreSQL ${cluster.version}`, stop: () => cluster.stop() };
}

/**
 * Migrates the (empty) PostgreSQL database and copies the SQLite file's rows into it.
 * `triggers` false copies the rows alone (much faster for millions of units) and then has
 * PostgreSQL's own triggers write each site's map row once (`UPDATE sites`): what the map
 * search reads; the change feed then lacks the units, so a benchmark of the sync keeps them on.
 */
export async function copyIntoPostgres({
  sqliteFile,
  url,
  triggers,
}: {
  sqliteFile: string;
  url: string;
  triggers: boolean;
}): Promise<{ seconds: number; rows: Record<string, number> }> {
  const started = performance.now();
  const handle = openPostgres({ url, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
    const users = await handle.pool.query('SELECT count(*) AS n FROM users');
    if (Number(users.rows[0]?.n) > 0) {
      throw new Error('the PostgreSQL database already holds members: the benchmark needs an empty one');
    }
    if (!triggers) {
      // Every connection of this one-connection pool skips triggers (and foreign key checks).
      handle.pool.on('connect', (client) => {
        client.query('SET session_replication_role = replica').catch(() => {});
      });
      // The migration's connection is open already: start a new one.
      await handle.pool.query('SET session_replication_role = replica');
    }
    const from = new SQLite(sqliteFile, { readonly: true });
    let rows: Record<string, number>;
    try {
      rows = await copyRows({ from, to: handle.db });
    } finally {
      from.close();
    }
    if (!triggers) {
      await handle.pool.query('SET session_replication_role = origin');
      await handle.pool.query('UPDATE sites SET f_idx = f_idx');
    }
    await handle.pool.query('ANALYZE');
    return { seconds: (performance.now() - started) / 1000, rows };
  } finally {
    await handle.close();
  }
}
