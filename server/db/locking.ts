import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Row locks for read-modify-write and for claiming work. SQLite has one writer at a time, so a
 * transaction's reads cannot change under it and these add nothing there. PostgreSQL runs
 * transactions side by side (READ COMMITTED): a row read to be changed (a balance, a counter,
 * a limit) is locked FOR UPDATE, so a second writer waits and then reads the new value; work
 * several instances share (due pushes, queued jobs) is claimed FOR UPDATE SKIP LOCKED, so each
 * row goes to one of them and none waits for another.
 */

// biome-ignore lint/suspicious/noExplicitAny: any select of any database
type Select = SelectQueryBuilder<any, any, any>;

/** `query` locking the rows it reads until the transaction ends (PostgreSQL). Call it inside one. */
export function forUpdate<Q extends Select>({ db, query }: { db: DbOrTx; query: Q }): Q {
  return dialectOf(db) === 'postgres' ? (query.forUpdate() as Q) : query;
}

/** `query` taking only rows nobody else holds, and locking them (PostgreSQL). Call it inside a transaction. */
export function claimUnlocked<Q extends Select>({ db, query }: { db: DbOrTx; query: Q }): Q {
  return dialectOf(db) === 'postgres' ? (query.forUpdate().skipLocked() as Q) : query;
}
