/**
 * Where a benchmark measures PostgreSQL (`--db postgres`, or DATABASE_URL set): the database
 * DATABASE_URL names (it must be empty), or a throwaway cluster started for the run
 * (tests/support/postgres-cluster.ts, durable like a real server) and removed after. The
 * benchmark builds its SQLite database as before and copies it over (server/db/copy-rows.ts),
 * so both databases are measured on the same rows.
 */
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { copyRows, DERIVED_TABLES } from '../server/db/copy-rows.ts';
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
 * `triggers` true copies as the seeds do (server/db/copy-rows.ts), the change feed's triggers
 * writing as the rows arrive, but with the map's triggers off: they would rewrite and renumber a
 * site's map row for each of its units. `triggers` false copies the rows alone, in large batches
 * (`copyBare`: millions of units in minutes), leaving the feed without them. Either way
 * PostgreSQL's own trigger then writes each site's map row once (`writeMapRows`).
 */
export async function copyIntoPostgres({
  sqliteFile,
  url,
  triggers,
}: {
  sqliteFile: string;
  url: string;
  triggers: boolean;
}): Promise<{ seconds: number }> {
  const started = performance.now();
  const handle = openPostgres({ url, poolSize: 1 });
  const from = new SQLite(sqliteFile, { readonly: true });
  try {
    await migrateToLatest(handle.db);
    const users = await handle.pool.query('SELECT count(*) AS n FROM users');
    if (Number(users.rows[0]?.n) > 0) {
      throw new Error('the PostgreSQL database already holds members: the benchmark needs an empty one');
    }
    if (triggers) {
      // The feed's triggers write as the rows arrive; the map's would renumber a site's map row
      // for each of its units: written once afterwards instead.
      await withTriggersOff({ pool: handle.pool, triggers: MAP_ROW_TRIGGERS }, () =>
        copyRows({ from, to: handle.db }),
      );
      await writeMapRows(handle.pool);
    } else {
      await copyBare({ from, pool: handle.pool });
      await writeMapRows(handle.pool);
    }
    await handle.pool.query('ANALYZE');
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    from.close();
    await handle.close();
  }
}

/**
 * Has PostgreSQL's triggers write every site's map row (map_sites_update), then numbers them all
 * in map_changes at once. Numbering each row through its own triggers costs milliseconds a row
 * in one transaction this large (a provisional number, then the commit-time stamping of each),
 * which for 100,000 sites is most of an hour; one number per site is what they leave.
 */
async function writeMapRows(pool: pg.Pool): Promise<void> {
  // Statistics first: planned without them, each summary of each site reads every unit.
  await pool.query('ANALYZE');
  await withTriggersOff({ pool, triggers: MAP_NUMBERING_TRIGGERS }, async () => {
    await pool.query('UPDATE sites SET f_idx = f_idx');
    await pool.query('DELETE FROM map_changes');
    await pool.query(
      `INSERT INTO map_changes (f_idx, f_seq) SELECT f_idx, nextval('map_changes_numbers') FROM map_sites ORDER BY f_idx`,
    );
  });
}

/** The triggers (migrations/postgres/0021_6_map.ts, 0030_map_changes.ts) that write and number map rows. */
const MAP_NUMBERING_TRIGGERS = [
  'map_sites.map_changes_insert',
  'map_sites.map_changes_update',
  'map_sites.map_changes_delete',
];
const MAP_ROW_TRIGGERS = [
  ...['insert', 'update', 'delete'].flatMap((w) => [
    `sites.map_sites_${w}`,
    `site_rooms.map_rooms_${w}`,
    `hos.map_units_${w}`,
  ]),
  ...MAP_NUMBERING_TRIGGERS,
];

async function withTriggersOff<T>(
  { pool, triggers }: { pool: pg.Pool; triggers: readonly string[] },
  run: () => Promise<T>,
): Promise<T> {
  const each = (how: 'ENABLE' | 'DISABLE') =>
    Promise.all(
      triggers.map((t) => {
        const [table, name] = t.split('.');
        return pool.query(`ALTER TABLE ${table} ${how} TRIGGER ${name}`);
      }),
    );
  await each('DISABLE');
  try {
    return await run();
  } finally {
    await each('ENABLE');
  }
}

const BARE_BATCH = 5000;

/**
 * Every row of every table both databases have (not the derived ones), without triggers or
 * foreign key checks (session_replication_role = replica, in one transaction): each batch is one
 * INSERT of column arrays (`unnest`). Identity columns then continue after the highest id.
 */
async function copyBare({ from, pool }: { from: SQLite.Database; pool: pg.Pool }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const types = new Map<string, Map<string, string>>();
    const info = await client.query<{ table_name: string; column_name: string; udt_name: string }>(
      `SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    for (const r of info.rows) {
      if (!types.has(r.table_name)) types.set(r.table_name, new Map());
      types.get(r.table_name)?.set(r.column_name, r.udt_name);
    }
    const tables = (
      from
        .prepare(
          `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
             AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`,
        )
        .pluck()
        .all() as string[]
    ).filter((t) => types.has(t) && !DERIVED_TABLES.has(t));
    for (const table of tables) {
      const target = types.get(table) as Map<string, string>;
      const columns = (from.pragma(`table_info("${table}")`) as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((c) => target.has(c));
      const insert = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
        SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${target.get(c)}[]`).join(', ')})
        ON CONFLICT DO NOTHING`;
      let batch: unknown[][] = columns.map(() => []);
      let n = 0;
      const flush = async () => {
        if (n > 0) await client.query(insert, batch);
        batch = columns.map(() => []);
        n = 0;
      };
      const rows = from.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).raw();
      for (const row of rows.iterate() as Iterable<unknown[]>) {
        for (let i = 0; i < columns.length; i++) (batch[i] as unknown[]).push(row[i]);
        if (++n === BARE_BATCH) await flush();
      }
      await flush();
    }
    const identities = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'`,
    );
    for (const { table_name: table, column_name: column } of identities.rows) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'),
          GREATEST((SELECT max("${column}") FROM "${table}"), 1), (SELECT max("${column}") FROM "${table}") IS NOT NULL)`,
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
