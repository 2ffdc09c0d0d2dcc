import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { quote } from './copy-rows.ts';
import type { Db } from './database.ts';

/**
 * A table's row count and checksum, computed the same way from either database, so a copy can
 * be proved whole: each row's values are written in one canonical form (canonicalRow) and
 * hashed, and the table's checksum is the sum of its rows' hashes (mod 2^128). A sum does not
 * depend on the order the rows are read in, so neither database's collation or plan matters,
 * and a row missing, doubled or changed in any value changes it.
 */
export interface TableDigest {
  rows: number;
  checksum: string;
}

const MODULUS = 1n << 128n;

/**
 * One row as text: each value tagged by kind. Integers and reals are JavaScript's shortest
 * decimal form of the double both databases hand over (PostgreSQL's int8 and float8 arrive as
 * the numbers SQLite gives), text is itself, bytes are hex.
 */
export function canonicalRow(values: readonly unknown[]): string {
  return JSON.stringify(
    values.map((value) => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'number') return Number.isInteger(value) ? `i${value}` : `r${value}`;
      if (typeof value === 'bigint') return `i${value}`;
      if (typeof value === 'string') return `s${value}`;
      if (value instanceof Uint8Array) return `b${Buffer.from(value).toString('hex')}`;
      throw new TypeError(`a value of an unexpected kind: ${typeof value}`);
    }),
  );
}

class Digester {
  private rows = 0;
  private sum = 0n;
  add(values: readonly unknown[]): void {
    const hash = createHash('sha256').update(canonicalRow(values)).digest();
    this.sum = (this.sum + BigInt(`0x${hash.subarray(0, 16).toString('hex')}`)) % MODULUS;
    this.rows++;
  }
  digest(): TableDigest {
    return { rows: this.rows, checksum: this.sum.toString(16).padStart(32, '0') };
  }
}

/** The digest of `columns` of an SQLite table. */
export function sqliteDigest({
  sqlite,
  table,
  columns,
}: {
  sqlite: SQLite.Database;
  table: string;
  columns: readonly string[];
}): TableDigest {
  const digester = new Digester();
  const rows = sqlite.prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}`).raw();
  for (const row of rows.iterate() as Iterable<unknown[]>) digester.add(row);
  return digester.digest();
}

/** Rows fetched at a time from PostgreSQL's cursor. */
const FETCH = 2000;

/** The digest of `columns` of a PostgreSQL table, read through a cursor (any size, little memory). */
export async function postgresDigest({
  db,
  table,
  columns,
}: {
  db: Db;
  table: string;
  columns: readonly string[];
}): Promise<TableDigest> {
  const digester = new Digester();
  await db.transaction().execute(async (tx) => {
    await sql`DECLARE digest_rows NO SCROLL CURSOR FOR SELECT ${sql.join(columns.map((c) => sql.id(c)))}
      FROM ${sql.id(table)}`.execute(tx);
    for (;;) {
      const { rows } = await sql<
        Record<string, unknown>
      >`FETCH FORWARD ${sql.lit(FETCH)} FROM digest_rows`.execute(tx);
      for (const row of rows) digester.add(columns.map((c) => row[c]));
      if (rows.length < FETCH) break;
    }
  });
  return digester.digest();
}
