import type { ExpressionBuilder, Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Payment, PaymentsTable } from './points.tables.ts';

/** Card payments for points (payments.service.ts holds the rules of confirming one). */

export async function insertPayment({ db, payment }: { db: DbOrTx; payment: Insertable<PaymentsTable> }) {
  await db.insertInto('payments').values(payment).execute();
}

export function paymentByMerchantUid({ db, merchantUid }: { db: DbOrTx; merchantUid: string }) {
  return db.selectFrom('payments').selectAll().where('f_merchant_uid', '=', merchantUid).executeTakeFirst();
}

export function paymentByIdx({ db, paymentIdx }: { db: DbOrTx; paymentIdx: number }): Promise<Payment> {
  return db.selectFrom('payments').selectAll().where('f_idx', '=', paymentIdx).executeTakeFirstOrThrow();
}

/**
 * No other payment holds the provider's payment id (a payment keeps its own from a virtual
 * account's issue on): one provider payment never pays two orders.
 */
function impUidFree(
  eb: ExpressionBuilder<Database, 'payments'>,
  { impUid, paymentIdx }: { impUid: string; paymentIdx: number },
) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('payments as other')
        .select('other.f_idx')
        .where('other.f_imp_uid', '=', impUid)
        .where('other.f_idx', '!=', paymentIdx),
    ),
  );
}

/** A payment the provider reported failed; one already paid stays paid. */
export async function markPaymentFailed({
  db,
  paymentIdx,
  reason,
}: {
  db: DbOrTx;
  paymentIdx: number;
  reason: string;
}) {
  await db
    .updateTable('payments')
    .set({ f_status: 'failed', f_fail_reason: reason })
    .where('f_idx', '=', paymentIdx)
    .where('f_status', '!=', 'paid')
    .execute();
}

/**
 * Moves the payment to paid with the provider's payment id, unless it is paid already or that id
 * paid another one: only one confirmation can claim it. Answers whether this one did.
 */
export async function claimPayment({
  db,
  paymentIdx,
  impUid,
  time,
}: {
  db: DbOrTx;
  paymentIdx: number;
  impUid: string;
  time: string;
}): Promise<boolean> {
  const claimed = await db
    .updateTable('payments')
    .set({ f_status: 'paid', f_imp_uid: impUid, f_paid_time: time, f_fail_reason: null })
    .where('f_idx', '=', paymentIdx)
    .where('f_status', '!=', 'paid')
    .where((eb) => impUidFree(eb, { impUid, paymentIdx }))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/**
 * The virtual account the provider issued for a payment still waiting for its deposit. Keeps the
 * provider's payment id, unless that id already belongs to another payment.
 */
export async function recordVirtualAccount({
  db,
  paymentIdx,
  impUid,
  account,
}: {
  db: DbOrTx;
  paymentIdx: number;
  impUid: string;
  account: { bank: string; account: string; holder: string; due: string | null };
}): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      f_imp_uid: impUid,
      f_vbank_name: account.bank,
      f_vbank_num: account.account,
      f_vbank_holder: account.holder,
      f_vbank_due: account.due,
    })
    .where('f_idx', '=', paymentIdx)
    .where('f_status', '=', 'ready')
    .where((eb) => impUidFree(eb, { impUid, paymentIdx }))
    .execute();
}

/** Links the paid payment to its point log and adds it to the member's charged total. */
export async function recordCharge({
  db,
  paymentIdx,
  userIdx,
  point,
  logIdx,
}: {
  db: DbOrTx;
  paymentIdx: number;
  userIdx: number;
  point: number;
  logIdx: number;
}): Promise<void> {
  await db.updateTable('payments').set({ f_point_log_idx: logIdx }).where('f_idx', '=', paymentIdx).execute();
  await db
    .updateTable('users')
    .set((eb) => ({ f_charge_point: eb('f_charge_point', '+', point) }))
    .where('f_idx', '=', userIdx)
    .execute();
}

export async function balanceOf({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('f_point')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  return user.f_point;
}
