import type { DbOrTx } from './database.ts';
import { runStatement } from './statements.ts';

/** IN lists are padded to a power of two, so a handful of prepared statements serve every size. */
export function inList(ids: readonly number[]): { marks: string; params: number[] } {
  let size = 1;
  while (size < ids.length) size *= 2;
  const params = [...ids];
  while (params.length < size) params.push(ids[0] as number);
  return { marks: params.map(() => '?').join(','), params };
}

const CHUNK = 512;

/**
 * The rows of a statement whose first column `k` is the key, for many keys at once: `sql` holds
 * `(?keys)` where the keys' IN list goes, after `params` (a member's index, say). The SQL text is
 * read by both databases (`runStatement`: prepared once per connection on SQLite), chunked; rows
 * typed by the caller, by key.
 */
export async function rowsByKeys<Row>({
  db,
  sql,
  params = [],
  keys,
}: {
  db: DbOrTx;
  sql: string;
  params?: readonly unknown[];
  keys: readonly number[];
}): Promise<Map<number, Row>> {
  const out = new Map<number, Row>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const list = inList(keys.slice(i, i + CHUNK));
    const { rows } = await runStatement<Row & { k: number }>({
      db,
      sql: sql.replace('(?keys)', `(${list.marks})`),
      params: [...params, ...list.params],
    });
    for (const { k, ...row } of rows) out.set(k, row as Row);
  }
  return out;
}

/**
 * The rows of a kysely query for many keys at once, by key: `rows` reads one chunk of the keys
 * (a few hundred, within both databases' limits on parameters) and answers each row with its
 * key as `k`. For a repository that reads the same rows on SQLite and PostgreSQL.
 */
export async function rowsOfKeys<Row>({
  keys,
  rows,
}: {
  keys: readonly number[];
  rows: (chunk: number[]) => Promise<Array<Row & { k: number }>>;
}): Promise<Map<number, Row>> {
  const out = new Map<number, Row>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const { k, ...row } of await rows(keys.slice(i, i + CHUNK))) out.set(k, row as Row);
  }
  return out;
}

/** A JSON column read back: its value, or the fallback when it is missing or not JSON. */
export function storedJson<T>({ text, fallback }: { text: unknown; fallback: T }): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
