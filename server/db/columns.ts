import { sql } from 'kysely';
import type { DbOrTx } from './database.ts';
import { byDialect } from './dialect.ts';

/**
 * A table's columns in their order, for the reads that send every column a table has (a site's
 * pull row, an offline area's rows), so a column a migration adds travels too. Read once per
 * database (every handle and transaction of one kysely instance shares its adapter) and table:
 * the schema does not change under a running server.
 */
const known = new WeakMap<object, Map<string, readonly string[]>>();

export async function tableColumns({ db, table }: { db: DbOrTx; table: string }): Promise<readonly string[]> {
  const adapter = db.getExecutor().adapter;
  let tables = known.get(adapter);
  if (!tables) {
    tables = new Map();
    known.set(adapter, tables);
  }
  const cachedColumns = tables.get(table);
  if (cachedColumns) return cachedColumns;
  const rows = await byDialect(db, {
    sqlite: sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) ORDER BY cid`,
    postgres: sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`,
  }).execute(db);
  const columns = rows.rows.map((r) => r.name);
  if (columns.length === 0) throw new Error(`no table ${table}`);
  tables.set(table, columns);
  return columns;
}
