import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from './database.ts';
import { byDialect } from './dialect.ts';

/**
 * JSON in SQL on both databases. JSON columns are text on both (a list of image URLs is
 * '["/uploads/a.jpg"]'); what these build comes back as text too (server/db/postgres.ts parses
 * json as text). The text differs in spacing between the databases (PostgreSQL writes
 * `{"a" : 1}`), never in what it parses to.
 */

/**
 * A list of values for `IN (...)`: one parameter whatever its length (SQLite reads it with
 * json_each; PostgreSQL as an array of bigint when every value is a whole number, else of text).
 */
export function valueList({
  db,
  values,
}: {
  db: DbOrTx;
  values: readonly (number | string)[];
}): RawBuilder<unknown> {
  return byDialect(db, {
    sqlite: sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`,
    postgres: values.every((v) => Number.isInteger(v))
      ? sql`(SELECT unnest(CAST(${values} AS bigint[])))`
      : sql`(SELECT unnest(CAST(${values.map(String)} AS text[])))`,
  });
}

/**
 * The text at `path` (keys and indexes) in the JSON text `json`, or null when there is none;
 * a number or an object there comes back as its JSON text.
 */
export function jsonText({
  db,
  json,
  path,
}: {
  db: DbOrTx;
  json: Expression<string | null>;
  path: ReadonlyArray<string | number>;
}): RawBuilder<string | null> {
  const sqlitePath = `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;
  return byDialect(db, {
    sqlite: sql<string | null>`CAST(json_extract(${json}, ${sqlitePath}) AS TEXT)`,
    postgres: sql<string | null>`(CAST(${json} AS jsonb) #>> CAST(${path.map(String)} AS text[]))`,
  });
}

/** A JSON object of `entries` (name → SQL value). */
export function jsonObject({
  db,
  entries,
}: {
  db: DbOrTx;
  entries: Record<string, Expression<unknown>>;
}): RawBuilder<string> {
  const pairs = sql.join(Object.entries(entries).map(([name, value]) => sql`${sql.lit(name)}, ${value}`));
  return byDialect(db, {
    sqlite: sql<string>`json_object(${pairs})`,
    postgres: sql<string>`json_build_object(${pairs})`,
  });
}

/** A JSON array of `values`. */
export function jsonArray({ db, values }: { db: DbOrTx; values: Expression<unknown>[] }): RawBuilder<string> {
  const list = sql.join(values);
  return byDialect(db, {
    sqlite: sql<string>`json_array(${list})`,
    postgres: sql<string>`json_build_array(${list})`,
  });
}

/** The JSON array of `value` over a group's rows in `orderBy` order; '[]' for no rows. */
export function jsonArrayAgg({
  db,
  value,
  orderBy,
}: {
  db: DbOrTx;
  value: Expression<unknown>;
  orderBy: Expression<unknown>[];
}): RawBuilder<string> {
  const order = sql.join(orderBy);
  return byDialect(db, {
    sqlite: sql<string>`json_group_array(${value} ORDER BY ${order})`,
    postgres: sql<string>`coalesce(json_agg(${value} ORDER BY ${order}), '[]'::json)`,
  });
}

/** The SQL type of a column `records` reads. */
export type RecordColumnType = 'integer' | 'real' | 'text';

/**
 * `rows` as a table of `columns` (name → type), for `FROM … AS r` or a join: one parameter
 * whatever the number of rows (SQLite reads it with json_each, PostgreSQL with
 * json_to_recordset). A missing field or `null` is NULL.
 */
export function records({
  db,
  rows,
  columns,
}: {
  db: DbOrTx;
  rows: readonly Record<string, unknown>[];
  columns: Record<string, RecordColumnType>;
}): RawBuilder<unknown> {
  const names = Object.entries(columns);
  const json = JSON.stringify(rows);
  return byDialect(db, {
    sqlite: sql`(SELECT ${sql.join(
      names.map(([name]) => sql`json_extract(value, ${`$.${name}`}) AS ${sql.id(name)}`),
    )} FROM json_each(${json}))`,
    postgres: sql`(SELECT * FROM json_to_recordset(CAST(${json} AS json)) AS x(${sql.join(
      names.map(
        ([name, type]) =>
          sql`${sql.id(name)} ${sql.raw(type === 'integer' ? 'bigint' : type === 'real' ? 'double precision' : 'text COLLATE "C"')}`,
      ),
    )}))`,
  });
}
