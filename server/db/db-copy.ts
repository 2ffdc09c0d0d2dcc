import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { migrations } from '../../migrations/index.ts';
import { postgresMigrations } from '../../migrations/postgres/index.ts';
import {
  copyRows,
  DERIVED_TABLES,
  FEED_TABLES,
  postgresTables,
  sharedColumns,
  sqliteTables,
} from './copy-rows.ts';
import { type Db, migrateToLatest, openDatabase } from './database.ts';
import { postgresDigest, sqliteDigest, type TableDigest } from './table-digest.ts';

/**
 * npm run db:copy: an SQLite database moved into an empty PostgreSQL database, then proved
 * whole. The source must be at this version's migrations (the schemas match only then); the
 * target must hold nothing but what its migrations insert (it is migrated here when it is not
 * yet). The rows go over in one transaction (server/db/copy-rows.ts, `whole`: the change feed
 * with its versions, so device cursors stay valid), then every table's row count and checksum
 * (server/db/table-digest.ts) is computed on both sides and compared.
 */

/** The copy cannot be made as asked: nothing was written. */
export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

export interface TableCheck {
  table: string;
  /** copied: rows copied as they are; feed: the change feed, copied as it is; rebuilt: written by PostgreSQL's triggers. */
  kind: 'copied' | 'feed' | 'rebuilt';
  /** The SQLite side. */
  source: TableDigest;
  /** The PostgreSQL side. */
  target: TableDigest;
  same: boolean;
}

export interface CopyReport {
  /** The last migration both databases have run. */
  migration: string;
  tables: TableCheck[];
  /** Every table the same on both sides. */
  ok: boolean;
  copySeconds: number;
  verifySeconds: number;
}

export async function copyDatabase({ from, to }: { from: string; to: Db }): Promise<CopyReport> {
  const source = openSource(from);
  try {
    const migration = checkSourceVersion(source);
    await checkTargetEmpty(to);
    await migrateToLatest(to);
    const started = performance.now();
    await copyRows({ from: source, to, whole: true });
    const copied = performance.now();
    const tables = await verifyCopy({ from: source, to });
    return {
      migration,
      tables,
      ok: tables.every((t) => t.same),
      copySeconds: seconds(copied - started),
      verifySeconds: seconds(performance.now() - copied),
    };
  } finally {
    source.close();
  }
}

/**
 * Not compared: the log of map changes, numbered by each database for the server's in-memory map
 * copy (0030_map_changes.ts), which a server on the new database reads from scratch. SQLite's
 * keeps entries of deleted sites; PostgreSQL's starts with the sites the copy put on the map.
 */
export const NOT_COMPARED: ReadonlySet<string> = new Set(['map_changes']);

/** Every table both databases have: its digest on each side. */
export async function verifyCopy({ from, to }: { from: SQLite.Database; to: Db }): Promise<TableCheck[]> {
  const target = new Set(await postgresTables(to));
  const checks: TableCheck[] = [];
  for (const table of sqliteTables(from).filter((t) => target.has(t) && !NOT_COMPARED.has(t))) {
    const { columns } = await sharedColumns({ from, to, table });
    const sqliteSide = sqliteDigest({ sqlite: from, table, columns });
    const postgresSide = await postgresDigest({ db: to, table, columns });
    checks.push({
      table,
      kind: FEED_TABLES.includes(table) ? 'feed' : DERIVED_TABLES.has(table) ? 'rebuilt' : 'copied',
      source: sqliteSide,
      target: postgresSide,
      same: sqliteSide.rows === postgresSide.rows && sqliteSide.checksum === postgresSide.checksum,
    });
  }
  return checks;
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

function openSource(file: string): SQLite.Database {
  try {
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    source.pragma('busy_timeout = 5000');
    return source;
  } catch (err) {
    throw new CopyRefused(`cannot open the SQLite database ${file}: ${(err as Error).message}`);
  }
}

/** The source's last migration; refused unless it has run exactly this version's migrations. */
function checkSourceVersion(source: SQLite.Database): string {
  let applied: string[];
  try {
    applied = source.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
  } catch {
    throw new CopyRefused("the source is not this product's database (it has no migrations table)");
  }
  const known = Object.keys(migrations).sort();
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new CopyRefused(
      `the source was migrated by a newer version (migrations ${unknown.join(', ')}): copy it with that version`,
    );
  }
  const missing = known.filter((name) => !applied.includes(name));
  if (missing.length > 0) {
    throw new CopyRefused(
      `the source is at an older version (it lacks migrations ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): ` +
        'start this version once on it (the server migrates at start), stop it, then copy',
    );
  }
  return known.at(-1) ?? '';
}

/**
 * Refuses a target that holds anything beyond its migrations' own rows (compared with a freshly
 * migrated database, table by table), or that a newer version migrated.
 */
async function checkTargetEmpty(to: Db): Promise<void> {
  const tables = await postgresTables(to);
  if (tables.includes('kysely_migration')) {
    const applied = (
      await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(to)
    ).rows.map((r) => r.name);
    const unknown = applied.filter((name) => !(name in postgresMigrations));
    if (unknown.length > 0) {
      throw new CopyRefused(
        `the target was migrated by a newer version (migrations ${unknown.join(', ')}): copy with that version`,
      );
    }
  }
  const baseline = await migrationRows();
  const filled: string[] = [];
  for (const table of tables.filter((t) => !t.startsWith('kysely_'))) {
    const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.id(table)}`.execute(to))
      .rows[0] ?? { n: 0 };
    if (n > (baseline.get(table) ?? 0)) filled.push(`${table}: ${n} rows`);
  }
  if (filled.length > 0) {
    throw new CopyRefused(
      `the target database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}): ` +
        'db:copy fills a new database only; create an empty one (createdb) and copy into it',
    );
  }
}

/** The rows a freshly migrated database holds, per table (settings, ad slots, the clock). */
async function migrationRows(): Promise<Map<string, number>> {
  const scratch = openDatabase({ file: ':memory:' });
  try {
    await migrateToLatest(scratch.db);
    return new Map(
      sqliteTables(scratch.sqlite).map((t) => [
        t,
        scratch.sqlite.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number,
      ]),
    );
  } finally {
    await scratch.close();
  }
}
