import type SQLite from 'better-sqlite3';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { type Page, pageOf, pageOffset } from '../../sync/api/page.ts';

/**
 * Every list of the API answers a Page (sync/api/page.ts): the count of all matching rows,
 * then one page of them. These run both for the three ways SQL is written here: a kysely
 * query, a kysely `sql` template, and a statement on the raw connection. The caller owns
 * the connection: a query built on a transaction runs both statements in it.
 */

/** Which rows: page n (1-based) of `limit`, or (getPendingUserList) `limit` rows after `offset`. */
export type PageRequest = { page: number; limit: number } | { offset: number; limit: number };

function offsetOf(request: PageRequest): number {
  return 'offset' in request ? request.offset : pageOffset(request);
}

/**
 * A kysely select with its columns and order: its count drops both. Grouped, distinct or
 * compound queries would count the wrong rows that way, so they are refused.
 */
export async function selectPage<DB, TB extends keyof DB, O>({
  query,
  ...request
}: { query: SelectQueryBuilder<DB, TB, O> } & PageRequest): Promise<Page<O>> {
  const node = query.toOperationNode();
  if (node.groupBy || node.distinctOn || node.setOperations || node.limit || node.offset || node.having) {
    throw new Error('selectPage: the query must be a plain select; its count would be wrong');
  }
  if ([...(node.frontModifiers ?? []), ...(node.endModifiers ?? [])].some((m) => m.modifier === 'Distinct')) {
    throw new Error('selectPage: a distinct query cannot be counted by dropping its columns');
  }
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`COUNT(*)`.as('n'))
    // The generic row type cannot see the column just added.
    .$castTo<{ n: number }>()
    .executeTakeFirstOrThrow();
  const list = await query.offset(offsetOf(request)).limit(request.limit).execute();
  return pageOf({ list, total: Number(counted.n), limit: request.limit });
}

/**
 * A kysely `sql` template list: `from` starts with FROM and holds the joins and WHERE,
 * `select` the columns (without SELECT), `orderBy` the order (without ORDER BY).
 */
export async function sqlPage<T>({
  db,
  select,
  from,
  orderBy,
  ...request
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any database: the SQL is written by hand
  db: Kysely<any> | Transaction<any>;
  select: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
} & PageRequest): Promise<Page<T>> {
  const counted = await sql<{ n: number }>`SELECT COUNT(*) AS n ${from}`.execute(db);
  const rows = await sql<T>`SELECT ${select} ${from} ORDER BY ${orderBy}
    LIMIT ${request.limit} OFFSET ${offsetOf(request)}`.execute(db);
  return pageOf({ list: rows.rows, total: Number(counted.rows[0]?.n ?? 0), limit: request.limit });
}

/**
 * The same on the raw better-sqlite3 connection, with positional parameters: `from` is the
 * text after FROM (tables, joins and WHERE), `prepare` may cache statements.
 */
export function statementPage<T>({
  prepare,
  select,
  from,
  orderBy,
  params,
  ...request
}: {
  prepare: (text: string) => SQLite.Statement;
  select: string;
  from: string;
  orderBy: string;
  params: unknown[];
} & PageRequest): Page<T> {
  const total = prepare(`SELECT COUNT(*) FROM ${from}`)
    .pluck()
    .get(...params) as number;
  const list = prepare(`SELECT ${select} FROM ${from} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(
    ...params,
    request.limit,
    offsetOf(request),
  ) as T[];
  return pageOf({ list, total, limit: request.limit });
}
