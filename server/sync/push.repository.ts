import { sql } from 'kysely';
import type { MutationResult } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { forUpdate } from '../db/locking.ts';
import { cached } from '../db/statements.ts';

/**
 * The push's bookkeeping (sync.service.ts): device installs, their last applied sequence and
 * the recorded outcome of every pushed mutation. The statements that run for each mutation are
 * prepared once per connection, on the push's transaction (SQLite); PostgreSQL runs the same
 * through kysely, and locks the client's row for the transaction, so two pushes of one device
 * on two connections (or two instances) apply each sequence number once.
 */

/** Registers a device install for the member unless it exists; answers its member and last sequence. */
export async function ensureClientRow({
  db,
  clientId,
  userIdx,
  time,
}: {
  db: DbOrTx;
  clientId: string;
  userIdx: number;
  time: string;
}): Promise<{ f_user_idx: number; last_seq: number }> {
  await db
    .insertInto('sync_clients')
    .values({ client_id: clientId, f_user_idx: userIdx, last_seq: 0, created_at: time, last_seen_at: time })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return db
    .selectFrom('sync_clients')
    .select(['f_user_idx', 'last_seq'])
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
}

/** The member a device install belongs to; undefined before its first push. */
export async function clientOwner({
  db,
  clientId,
}: {
  db: DbOrTx;
  clientId: string;
}): Promise<number | undefined> {
  const client = await db
    .selectFrom('sync_clients')
    .select('f_user_idx')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return client?.f_user_idx;
}

/** The client's last applied sequence; its row stays locked until the push's transaction ends. */
export async function lastSeqOf({ db, clientId }: { db: DbOrTx; clientId: string }): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const query = db.selectFrom('sync_clients').select('last_seq').where('client_id', '=', clientId);
    return (await forUpdate({ db, query }).executeTakeFirst())?.last_seq ?? 0;
  }
  return (
    (cached({ db, sql: 'SELECT last_seq FROM sync_clients WHERE client_id = ?' }).pluck().get(clientId) as
      | number
      | undefined) ?? 0
  );
}

/** A recorded outcome, as stored: its data still JSON text. */
export interface StoredOutcome {
  status: MutationResult['status'];
  code: number;
  msg: string;
  data: string | null;
}

/** The outcome recorded under a sequence number, with the mutation it was for. */
export async function outcomeAtSeq({
  db,
  clientId,
  seq,
}: {
  db: DbOrTx;
  clientId: string;
  seq: number;
}): Promise<(StoredOutcome & { mutation_id: string }) | undefined> {
  if (dialectOf(db) === 'postgres') {
    return db
      .selectFrom('sync_mutations')
      .select(['mutation_id', 'status', 'code', 'msg', 'data'])
      .where('client_id', '=', clientId)
      .where('seq', '=', seq)
      .executeTakeFirst() as Promise<(StoredOutcome & { mutation_id: string }) | undefined>;
  }
  return cached({
    db,
    sql: 'SELECT mutation_id, status, code, msg, data FROM sync_mutations WHERE client_id = ? AND seq = ?',
  }).get(clientId, seq) as (StoredOutcome & { mutation_id: string }) | undefined;
}

/** The outcome recorded for a mutation id under any number (two tabs numbered it twice). */
export async function outcomeOfMutation({
  db,
  clientId,
  mutationId,
}: {
  db: DbOrTx;
  clientId: string;
  mutationId: string;
}): Promise<StoredOutcome | undefined> {
  if (dialectOf(db) === 'postgres') {
    return db
      .selectFrom('sync_mutations')
      .select(['status', 'code', 'msg', 'data'])
      .where('client_id', '=', clientId)
      .where('mutation_id', '=', mutationId)
      .limit(1)
      .executeTakeFirst() as Promise<StoredOutcome | undefined>;
  }
  return cached({
    db,
    sql: 'SELECT status, code, msg, data FROM sync_mutations WHERE client_id = ? AND mutation_id = ? LIMIT 1',
  }).get(clientId, mutationId) as StoredOutcome | undefined;
}

/** A savepoint inside the push's transaction, so a refused mutation rolls back its effect alone. */
export async function beginMutationSavepoint({ db }: { db: DbOrTx }): Promise<void> {
  await savepointStatement({ db, statement: 'SAVEPOINT mutation' });
}

export async function releaseMutationSavepoint({ db }: { db: DbOrTx }): Promise<void> {
  await savepointStatement({ db, statement: 'RELEASE mutation' });
}

/** Undoes what the mutation wrote since its savepoint, and closes the savepoint. */
export async function rollBackMutation({ db }: { db: DbOrTx }): Promise<void> {
  await savepointStatement({ db, statement: 'ROLLBACK TO mutation' });
  await savepointStatement({ db, statement: 'RELEASE mutation' });
}

/** The same statement on both databases; SQLite's is prepared once per connection. */
async function savepointStatement({ db, statement }: { db: DbOrTx; statement: string }): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql.raw(statement).execute(db);
  else cached({ db, sql: statement }).run();
}

/** The client's new last sequence and the outcome recorded under it, written together. */
export async function recordOutcome({
  db,
  clientId,
  seq,
  mutationId,
  name,
  outcome,
  time,
}: {
  db: DbOrTx;
  clientId: string;
  seq: number;
  mutationId: string;
  name: string;
  outcome: StoredOutcome;
  time: string;
}): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db
      .updateTable('sync_clients')
      .set({ last_seq: seq, last_seen_at: time })
      .where('client_id', '=', clientId)
      .execute();
    await db
      .insertInto('sync_mutations')
      .values({ client_id: clientId, seq, mutation_id: mutationId, name, ...outcome, applied_at: time })
      .execute();
    return;
  }
  cached({ db, sql: 'UPDATE sync_clients SET last_seq = ?, last_seen_at = ? WHERE client_id = ?' }).run(
    seq,
    time,
    clientId,
  );
  cached({
    db,
    sql: `INSERT INTO sync_mutations (client_id, seq, mutation_id, name, status, code, msg, data, applied_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  }).run(clientId, seq, mutationId, name, outcome.status, outcome.code, outcome.msg, outcome.data, time);
}

/** Forgets the outcomes recorded under sequences at or below `seq`. */
export async function forgetOutcomes({
  db,
  clientId,
  throughSeq,
}: {
  db: DbOrTx;
  clientId: string;
  throughSeq: number;
}) {
  await db
    .deleteFrom('sync_mutations')
    .where('client_id', '=', clientId)
    .where('seq', '<=', throughSeq)
    .execute();
}
