import type { Db, Tx } from '../db/database.ts';
import { invalidInput } from '../http/errors.ts';
import { lockMember } from '../users/users.repository.ts';
import { pointsMessages } from './points.messages.ts';
import { findPurchaseRequest, insertPurchaseRequest } from './points.repository.ts';

/**
 * Runs a purchase once per idempotency key. The stored answer, the key and the purchase's
 * effects commit together: a repeated request (a double tap, a retry after a lost answer)
 * gets the first answer back and changes nothing; the same key with other content is refused.
 * Transactions on the single SQLite connection run one at a time; on PostgreSQL the member's row
 * is locked first, so a repeat arriving together with the first waits and then finds its answer.
 */
export async function once<T>({
  db,
  userIdx,
  key,
  operation,
  fingerprint,
  now,
  run,
}: {
  db: Db;
  userIdx: number;
  /** Undefined: no key was sent, the work simply runs in a transaction. */
  key: string | undefined;
  operation: string;
  fingerprint: unknown;
  now: Date;
  run: (trx: Tx) => Promise<T>;
}): Promise<T> {
  const print = JSON.stringify(fingerprint);
  return db.transaction().execute(async (trx) => {
    if (key === undefined) return run(trx);
    await lockMember({ db: trx, userIdx });
    const seen = await findPurchaseRequest({ db: trx, userIdx, key });
    if (seen) {
      if (seen.f_operation !== operation || seen.f_fingerprint !== print) {
        throw invalidInput({ field: 'idempotency_key', msg: pointsMessages.idempotencyReused });
      }
      return JSON.parse(seen.f_result) as T;
    }
    const result = await run(trx);
    await insertPurchaseRequest({
      db: trx,
      request: {
        f_user_idx: userIdx,
        f_key: key,
        f_operation: operation,
        f_fingerprint: print,
        f_result: JSON.stringify(result),
        f_reg_time: now.toISOString(),
      },
    });
    return result;
  });
}
