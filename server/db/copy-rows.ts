import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { rebuildMapRows } from '../map/map-rows.postgres.ts';
import type { Db } from './database.ts';

/**
 * Copies the rows of an SQLite database into a PostgreSQL database of the same schema
 * (migrations/postgres/), table by table in foreign-key order, in one transaction. What triggers
 * derive from the rows (the change feed, the map's rows, the inlay file list) is not copied:
 * PostgreSQL's own triggers write it as the rows arrive, with versions of its clock. A row whose
 * primary key is already there (the settings and ad slots the migrations insert) takes the copied
 * values. Identity columns then continue after the highest id copied.
 *
 * `whole` (npm run db:copy into an empty database) makes the target hold what the source holds:
 * the migrations' own rows are replaced rather than merged, and the change feed is copied as it
 * is (the same versions, tombstones and clock), so every device's cursor means on PostgreSQL what
 * it meant on SQLite.
 */

/** Written by triggers on both databases: PostgreSQL's triggers rebuild them from the copied rows. */
export const DERIVED_TABLES: ReadonlySet<string> = new Set([
  'sync_clock',
  'sync_feed',
  'sync_site_versions',
  'map_sites',
  // Numbers each database gives its own map changes (0030_map_changes.ts): rebuilt, never copied.
  'map_changes',
  'site_inlay_files',
]);

/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 200;

/** The change feed's own tables: rebuilt by PostgreSQL's triggers, or (whole) copied as they are. */
export const FEED_TABLES: readonly string[] = ['sync_clock', 'sync_feed', 'sync_site_versions'];

export async function copyRows({
  from,
  to,
  only,
  whole = false,
}: {
  from: SQLite.Database;
  to: Db;
  /** These tables alone (default: every table both databases have). */
  only?: readonly string[];
  /** The target's rows replaced, the feed's versions, tombstones and clock as in the source. */
  whole?: boolean;
}): Promise<Record<string, number>> {
  const targetTables = new Set(await postgresTables(to));
  const tables = sqliteTables(from).filter(
    (t) => targetTables.has(t) && !DERIVED_TABLES.has(t) && (only === undefined || only.includes(t)),
  );
  const copied: Record<string, number> = {};
  await to.transaction().execute(async (tx) => {
    const ordered = inForeignKeyOrder({ sqlite: from, tables });
    if (whole) {
      await triggersOf({ tx, tables: ordered, on: false });
      for (const table of [...ordered].reverse()) await sql`DELETE FROM ${sql.id(table)}`.execute(tx);
    }
    for (const table of ordered) copied[table] = await copyTable({ from, tx, table });
    if (whole) {
      await triggersOf({ tx, tables: ordered, on: true });
      await rebuildDerived(tx);
      Object.assign(copied, await keepFeed({ from, tx }));
    }
    await continueIdentities(tx);
  });
  return copied;
}

/** The tables of the PostgreSQL database (its current schema). */
export async function postgresTables(db: Db): Promise<string[]> {
  return (
    await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db)
  ).rows.map((r) => r.name);
}

/** The columns of `table` both databases have, in SQLite's order, and which of them are its key. */
export async function sharedColumns({
  from,
  to,
  table,
}: {
  from: SQLite.Database;
  to: Db;
  table: string;
}): Promise<{ columns: string[]; keys: string[] }> {
  const targetColumns = new Set(
    (
      await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table}`.execute(to)
    ).rows.map((r) => r.name),
  );
  const info = (from.pragma(`table_info(${quote(table)})`) as Array<{ name: string; pk: number }>).filter(
    (c) => targetColumns.has(c.name),
  );
  return {
    columns: info.map((c) => c.name),
    keys: info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
  };
}

type TableCopy = { from: SQLite.Database; tx: Db; table: string };

/** One table's rows; a row PostgreSQL refuses (a value its column type cannot hold) names the table. */
async function copyTable(copy: TableCopy): Promise<number> {
  try {
    return await insertRows(copy);
  } catch (err) {
    throw new Error(`copying ${copy.table}: ${(err as Error).message}`, { cause: err });
  }
}

async function insertRows({ from, tx, table }: TableCopy): Promise<number> {
  const { columns, keys } = await sharedColumns({ from, to: tx, table });
  const others = columns.filter((c) => !keys.includes(c));
  const onConflict =
    keys.length === 0
      ? sql`ON CONFLICT DO NOTHING`
      : others.length === 0
        ? sql`ON CONFLICT (${sql.join(keys.map((k) => sql.id(k)))}) DO NOTHING`
        : sql`ON CONFLICT (${sql.join(keys.map((k) => sql.id(k)))}) DO UPDATE SET ${sql.join(
            others.map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`),
          )}`;
  // In key order (a table WITHOUT ROWID has a key), so ids come in as they were given.
  const order = keys.length > 0 ? keys.map(quote).join(', ') : 'rowid';
  const rows = from
    .prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)} ORDER BY ${order}`)
    .raw();
  let batch: unknown[][] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = sql.join(batch.map((row) => sql`(${sql.join(row)})`));
    const result = await sql`INSERT INTO ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c)))})
      VALUES ${values} ${onConflict}`.execute(tx);
    count += Number(result.numAffectedRows ?? 0);
    batch = [];
  };
  for (const row of rows.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return count;
}

/**
 * Turns the tables' own triggers off or on again, inside the copy's transaction (so a failed copy
 * leaves them on). A whole copy loads the rows without them: row by row they would write feed
 * rows that are then replaced, and widen a site's map row once per unit (most of the time of a
 * copy). The foreign keys stay checked (PostgreSQL's internal triggers are not the tables' own).
 */
async function triggersOf({
  tx,
  tables,
  on,
}: {
  tx: Db;
  tables: readonly string[];
  on: boolean;
}): Promise<void> {
  for (const table of tables) {
    await sql`ALTER TABLE ${sql.id(table)} ${on ? sql`ENABLE` : sql`DISABLE`} TRIGGER USER`.execute(tx);
  }
}

/**
 * Writes the derived tables from the loaded rows: each site updated once in place with the
 * triggers on, which (re)writes its inlay file list, exactly as the triggers keep them, then every
 * map row (map_sites, map_changes) in one statement (rebuildMapRows, the triggers' rows). The feed rows this
 * writes are replaced by the source's next (keepFeed).
 */
async function rebuildDerived(tx: Db): Promise<void> {
  // The map rows are written set-wise afterwards: per site, the map trigger's summaries cost
  // milliseconds (most of an hour for 100,000 sites).
  await sql`ALTER TABLE sites DISABLE TRIGGER map_sites_update`.execute(tx);
  await sql`UPDATE sites SET f_inlay_image_url = f_inlay_image_url`.execute(tx);
  await sql`ALTER TABLE sites ENABLE TRIGGER map_sites_update`.execute(tx);
  await rebuildMapRows(tx);
}

/**
 * Replaces what the triggers wrote into the feed while the rows arrived (provisional versions of
 * this transaction) with the source's feed, clock included. The commit then stamps nothing: the
 * transaction's pending version is forgotten, so the clock stays the source's.
 */
async function keepFeed({ from, tx }: { from: SQLite.Database; tx: Db }): Promise<Record<string, number>> {
  await sql`DELETE FROM sync_feed`.execute(tx);
  await sql`DELETE FROM sync_site_versions`.execute(tx);
  const copied: Record<string, number> = {};
  for (const table of FEED_TABLES) copied[table] = await copyTable({ from, tx, table });
  await sql`SELECT set_config('bunyang.sync_pending', '', true)`.execute(tx);
  return copied;
}

export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The SQLite database's own tables (not its internal, virtual or shadow ones, nor the migrator's). */
export function sqliteTables(sqlite: SQLite.Database): string[] {
  return (
    sqlite
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
           AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`,
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);
}

/** Tables ordered so that each comes after the tables its foreign keys name. */
function inForeignKeyOrder({ sqlite, tables }: { sqlite: SQLite.Database; tables: string[] }): string[] {
  const parents = new Map(
    tables.map((t) => [
      t,
      (sqlite.pragma(`foreign_key_list(${quote(t)})`) as Array<{ table: string }>)
        .map((fk) => fk.table)
        .filter((p) => p !== t && tables.includes(p)),
    ]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) place(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** Every identity column continues after the highest id in its table. */
async function continueIdentities(tx: Db): Promise<void> {
  const identities = await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name
    FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(
    tx,
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${quote(table)}, ${column}),
      GREATEST((SELECT max(${sql.id(column)}) FROM ${sql.id(table)}), 1),
      (SELECT max(${sql.id(column)}) FROM ${sql.id(table)}) IS NOT NULL)`.execute(tx);
  }
}
