import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Copies the rows of an SQLite database into a PostgreSQL database of the same schema
 * (migrations/postgres/), table by table in foreign-key order, in one transaction. What triggers
 * derive from the rows (the change feed, the map's rows, the inlay file list) is not copied:
 * PostgreSQL's own triggers write it as the rows arrive, with versions of its clock. A row whose
 * primary key is already there (the settings and ad slots the migrations insert) takes the copied
 * values. Identity columns then continue after the highest id copied.
 */

/** Written by triggers on both databases: PostgreSQL's triggers rebuild them from the copied rows. */
export const DERIVED_TABLES: ReadonlySet<string> = new Set([
  'sync_clock',
  'sync_feed',
  'sync_site_versions',
  'map_sites',
  'site_inlay_files',
]);

/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 200;

export async function copyRows({
  from,
  to,
  only,
}: {
  from: SQLite.Database;
  to: Db;
  /** These tables alone (default: every table both databases have). */
  only?: readonly string[];
}): Promise<Record<string, number>> {
  const targetTables = new Set(
    (
      await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(to)
    ).rows.map((r) => r.name),
  );
  const tables = sqliteTables(from).filter(
    (t) => targetTables.has(t) && !DERIVED_TABLES.has(t) && (only === undefined || only.includes(t)),
  );
  const copied: Record<string, number> = {};
  await to.transaction().execute(async (tx) => {
    for (const table of inForeignKeyOrder({ sqlite: from, tables })) {
      const targetColumns = new Set(
        (
          await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ${table}`.execute(tx)
        ).rows.map((r) => r.name),
      );
      const info = (from.pragma(`table_info(${quote(table)})`) as Array<{ name: string; pk: number }>).filter(
        (c) => targetColumns.has(c.name),
      );
      const columns = info.map((c) => c.name);
      const keys = info.filter((c) => c.pk > 0).map((c) => c.name);
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
      copied[table] = count;
    }
    await continueIdentities(tx);
  });
  return copied;
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The SQLite database's own tables (not its internal, virtual or shadow ones, nor the migrator's). */
function sqliteTables(sqlite: SQLite.Database): string[] {
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
