import { randomBytes } from 'node:crypto';
import type { ChargeResult, PreparedPayment } from '../../sync/api/points.api.ts';
import { findChargeOption } from '../../sync/points/plans.ts';
import type { ProviderPayment } from '../adapters/payment/payment.ts';
import type { DbOrTx } from '../db/database.ts';
import type { AuthedContext } from '../http/context.ts';
import { badParameter, ruleViolation } from '../http/errors.ts';
import { renderMessage } from '../http/messages.ts';
import { changePoints } from './ledger.ts';
import {
  balanceOf,
  claimPayment,
  insertPayment,
  markPaymentFailed,
  paymentByIdx,
  paymentByMerchantUid,
  recordCharge,
} from './payments.repository.ts';
import { pointsMessages } from './points.messages.ts';
import type { Payment } from './points.tables.ts';

type Ctx = AuthedContext;

/** Spec §7: the merchant id comes from the member's uid and the time (a short suffix keeps two in one ms apart). */
function merchantUid({ uid, now }: { uid: number; now: Date }): string {
  return `pt_${uid}_${now.getTime()}_${randomBytes(3).toString('hex')}`;
}

/** Records what the member is about to pay for; the price comes from the charge option, not the client. */
export async function preparePayment({ ctx, point }: { ctx: Ctx; point: number }): Promise<PreparedPayment> {
  const option = findChargeOption(point);
  if (!option) throw badParameter({ field: 'point', reason: 'point must be one of the charge options' });
  const now = ctx.clock.now();
  const user = ctx.auth.user;
  const uid = merchantUid({ uid: user.f_idx, now });
  const provider = ctx.adapters.payment;
  await insertPayment({
    db: ctx.db,
    payment: {
      f_merchant_uid: uid,
      f_user_idx: user.f_idx,
      f_provider: provider.kind,
      f_amount: option.price,
      f_point: option.points,
      f_imp_uid: null,
      f_fail_reason: null,
      f_reg_time: now.toISOString(),
      f_paid_time: null,
      f_point_log_idx: null,
    },
  });
  return {
    merchant_uid: uid,
    amount: option.price,
    point: option.points,
    name: renderMessage({
      message: pointsMessages.productName,
      lang: ctx.lang,
      params: { point: new Intl.NumberFormat('ko-KR').format(option.points) },
    }),
    buyer_tel: user.f_phone,
    provider: provider.kind,
    checkout_url: provider.widget.checkoutUrl,
    imp_code: provider.widget.impCode,
    channel_key: provider.widget.channelKey,
  };
}

function refuse({ ctx, payment, why }: { ctx: Ctx; payment: Payment | undefined; why: string }): never {
  ctx.logger.warn(
    { reqId: ctx.requestId, user: ctx.auth.user.f_idx, merchant: payment?.f_merchant_uid, why },
    'payment confirmation refused',
  );
  throw ruleViolation(pointsMessages.paymentNotVerified, { status: 409 });
}

/**
 * buyPoint, after the card widget: asks the provider for the payment and credits the
 * points only when it is paid, for this merchant_uid, for the prepared amount, and not yet
 * used. A replay of an accepted confirmation answers as before and credits nothing.
 */
export async function confirmPayment({
  ctx,
  merchantUid: uid,
  impUid,
}: {
  ctx: Ctx;
  merchantUid: string;
  impUid: string;
}): Promise<ChargeResult> {
  const userIdx = ctx.auth.user.f_idx;
  const payment = await paymentByMerchantUid({ db: ctx.db, merchantUid: uid });
  if (!payment || payment.f_user_idx !== userIdx) refuse({ ctx, payment, why: 'unknown merchant_uid' });
  if (payment.f_status === 'paid') {
    if (payment.f_imp_uid !== impUid) refuse({ ctx, payment, why: 'already paid by another imp_uid' });
    return replayed({ db: ctx.db, payment });
  }
  if (payment.f_provider !== ctx.adapters.payment.kind) refuse({ ctx, payment, why: 'other provider' });

  let reported: ProviderPayment | null;
  try {
    reported = await ctx.adapters.payment.getPayment(impUid);
  } catch (err) {
    ctx.logger.error({ reqId: ctx.requestId, err, merchant: uid }, 'payment provider unreachable');
    throw ruleViolation(pointsMessages.paymentUnreachable, { status: 502 });
  }
  if (!reported) refuse({ ctx, payment, why: 'provider has no such imp_uid' });
  if (reported.merchant_uid !== uid) refuse({ ctx, payment, why: 'imp_uid belongs to another merchant_uid' });
  if (reported.status !== 'paid') {
    const reason = reported.fail_reason ?? reported.status;
    await markPaymentFailed({ db: ctx.db, paymentIdx: payment.f_idx, reason });
    throw ruleViolation(pointsMessages.paymentFailed, { params: { reason } });
  }
  if (reported.amount !== payment.f_amount) {
    refuse({ ctx, payment, why: `amount ${reported.amount} instead of ${payment.f_amount}` });
  }

  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // Only one confirmation can move the row to paid; a concurrent one finds it done.
    const claimed = await claimPayment({
      db: trx,
      paymentIdx: payment.f_idx,
      impUid,
      time: now.toISOString(),
    });
    if (!claimed) {
      const current = await paymentByIdx({ db: trx, paymentIdx: payment.f_idx });
      if (current.f_status === 'paid' && current.f_imp_uid === impUid)
        return replayed({ db: trx, payment: current });
      refuse({ ctx, payment, why: 'imp_uid already used' });
    }
    const { logIdx, balance } = await changePoints({
      trx,
      userIdx,
      type: 'C',
      amount: payment.f_point,
      reason: 'charge',
      memo: String(payment.f_amount),
      ref: uid,
      now,
    });
    await recordCharge({ db: trx, paymentIdx: payment.f_idx, userIdx, point: payment.f_point, logIdx });
    return { merchant_uid: uid, charged: payment.f_point, point: balance };
  });
}

async function replayed({ db, payment }: { db: DbOrTx; payment: Payment }): Promise<ChargeResult> {
  const point = await balanceOf({ db, userIdx: payment.f_user_idx });
  return { merchant_uid: payment.f_merchant_uid, charged: payment.f_point, point };
}
