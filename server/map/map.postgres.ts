import { CompiledQuery } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import { pageOf, pageOffset } from '../../sync/api/page.ts';
import type { DbOrTx } from '../db/database.ts';
import { keywordMatch, type Piece } from './map.sql.ts';

/**
 * The PostgreSQL bodies of map.repository.ts's functions (migrations/postgres/0021_6_map.ts,
 * 0030_map_changes.ts): the repository picks them by dialect, so the service never asks. Rows
 * come back as SQLite's do (server/db/postgres.ts's type parsers); statements are the shared
 * text of map.sql.ts where there is one, `?` numbered here.
 */

/** `?` placeholders as $1, $2… (the statements here hold no other `?`). */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** The rows of a statement, each as its values in column order. */
export async function rowsOf(db: DbOrTx, piece: Piece): Promise<unknown[][]> {
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(numbered(piece.sql), [...piece.params]),
  );
  return result.rows.map((row) => Object.values(row));
}

/** The first column of each row. */
async function column<T>(db: DbOrTx, piece: Piece): Promise<T[]> {
  return (await rowsOf(db, piece)).map((row) => row[0] as T);
}

/** The list rows of these sites, by id: `columns` of sites (typed constants, never input). */
export async function listSites({
  db,
  ids,
  columns,
}: {
  db: DbOrTx;
  ids: readonly number[];
  columns: readonly string[];
}): Promise<Map<number, Record<string, unknown>>> {
  const rows = await rowsOf(db, {
    sql: `SELECT ${columns.map((c) => `s.${c}`).join(', ')} FROM sites s WHERE s.f_idx = ANY(CAST(? AS bigint[]))`,
    params: [[...ids]],
  });
  const out = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const site: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) site[columns[i] as string] = row[i];
    out.set(row[0] as number, site);
  }
  return out;
}

export async function likedAmong({
  db,
  userIdx,
  ids,
}: {
  db: DbOrTx;
  userIdx: number;
  ids: readonly number[];
}): Promise<number[]> {
  return column<number>(db, {
    sql: 'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ANY(CAST(? AS bigint[]))',
    params: [userIdx, [...ids]],
  });
}

export async function likedSiteIds({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<number[]> {
  return column<number>(db, {
    sql: 'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ?',
    params: [userIdx],
  });
}

/** Visible sites whose search text holds a needle of three characters or more (pg_trgm's index). */
export async function siteIdsWithText({ db, needle }: { db: DbOrTx; needle: string }): Promise<number[]> {
  const holds = keywordMatch({ dialect: 'postgres', idx: 'm.f_idx', needle });
  return column<number>(db, {
    sql: `SELECT m.f_idx FROM map_sites m WHERE ${holds.sql}`,
    params: holds.params,
  });
}

/** One page of a list: `from` is the text after FROM (tables, joins, WHERE). */
export async function statementPage<T>({
  db,
  select,
  from,
  orderBy,
  params,
  page,
  limit,
}: {
  db: DbOrTx;
  select: string;
  from: string;
  orderBy: string;
  params: unknown[];
  page: number;
  limit: number;
}): Promise<Page<T>> {
  const [total] = await column<number>(db, { sql: `SELECT count(*) FROM ${from}`, params });
  const result = await db.executeQuery<T>(
    CompiledQuery.raw(numbered(`SELECT ${select} FROM ${from} ORDER BY ${orderBy} LIMIT ? OFFSET ?`), [
      ...params,
      limit,
      pageOffset({ page, limit }),
    ]),
  );
  return pageOf({ list: result.rows, total: total ?? 0, limit });
}

/**
 * The highest committed map change number. Numbers are stamped at commit under sync_clock's
 * row lock (0030_map_changes.ts), so they become visible in order and every change to a map
 * row, by any process, moves it. Inside a transaction its own changes (provisional numbers
 * above every real one) move it too.
 */
export async function mapChangeMark({ db }: { db: DbOrTx }): Promise<string> {
  const [last] = await column<number>(db, {
    sql: 'SELECT coalesce(max(f_seq), 0) FROM map_changes',
    params: [],
  });
  return String(last);
}

/** Rows per read of a whole copy: bounded memory per statement. */
const BATCH = 5000;

/**
 * map.repository.ts `readMapChanges` on PostgreSQL: one REPEATABLE READ transaction, so the
 * change numbers and the rows come from the same snapshot. The rows are gathered first and
 * handed over (`begin`, then `each`) without awaiting in between: the copy never holds half
 * of a change while another request searches it.
 */
export async function readMapChanges({
  db,
  seq,
  wholeAbove,
  mapColumns,
  siteColumns,
  begin,
  each,
}: {
  db: DbOrTx;
  seq: number;
  wholeAbove: number;
  mapColumns: readonly string[];
  siteColumns: readonly string[];
  begin: (
    changes: { last: number } & ({ kind: 'none' } | { kind: 'all' } | { kind: 'some'; ids: number[] }),
  ) => void;
  each: (row: unknown[]) => void;
}): Promise<boolean> {
  if (db.isTransaction) return false;
  const columns = [...mapColumns.map((c) => `m.${c}`), ...siteColumns.map((c) => `s.${c}`)].join(', ');
  const select = `SELECT ${columns} FROM map_sites m JOIN sites s ON s.f_idx = m.f_idx`;
  const read = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const [last = 0] = await column<number>(tx, {
        sql: 'SELECT coalesce(max(f_seq), 0) FROM map_changes',
        params: [],
      });
      let ids: number[] | null = null;
      if (seq >= 0 && last >= seq) {
        if (last === seq) return { last, ids: [] as number[], rows: [] as unknown[][], none: true };
        ids = await column<number>(tx, {
          sql: 'SELECT f_idx FROM map_changes WHERE f_seq > ? ORDER BY f_seq',
          params: [seq],
        });
        if (ids.length > wholeAbove) ids = null;
      }
      if (ids !== null) {
        const rows = await rowsOf(tx, {
          sql: `${select} WHERE m.f_idx = ANY(CAST(? AS bigint[]))`,
          params: [ids],
        });
        return { last, ids, rows, none: false };
      }
      // In the table's order (a grid cell's rows side by side in memory), a batch at a time.
      const rows: unknown[][] = [];
      let after: [number, number] | null = null;
      for (;;) {
        const batch: unknown[][] = await rowsOf(tx, {
          sql: `SELECT m.f_cell AS k_cell, m.f_idx AS k_idx, ${columns} FROM map_sites m JOIN sites s ON s.f_idx = m.f_idx
            ${after ? 'WHERE (m.f_cell, m.f_idx) > (?, ?)' : ''} ORDER BY m.f_cell, m.f_idx LIMIT ${BATCH}`,
          params: after ?? [],
        });
        for (const row of batch) rows.push(row.slice(2));
        const tail = batch[batch.length - 1];
        if (batch.length < BATCH || !tail) break;
        after = [tail[0] as number, tail[1] as number];
      }
      return { last, ids: null, rows, none: false };
    });
  if (read.none) begin({ kind: 'none', last: read.last });
  else {
    begin(
      read.ids === null ? { kind: 'all', last: read.last } : { kind: 'some', ids: read.ids, last: read.last },
    );
    for (const row of read.rows) each(row);
  }
  return true;
}
