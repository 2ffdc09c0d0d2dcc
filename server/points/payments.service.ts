import { randomBytes } from 'node:crypto';
import type { ChargeResult, PayMethod, PreparedPayment, VirtualAccount } from '../../sync/api/points.api.ts';
import { findChargeOption } from '../../sync/points/plans.ts';
import type { ProviderPayment } from '../adapters/payment/payment.ts';
import type { DbOrTx } from '../db/database.ts';
import type { AuthedContext, RequestContext } from '../http/context.ts';
import { AppError, badParameter, ruleViolation } from '../http/errors.ts';
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
  recordVirtualAccount,
} from './payments.repository.ts';
import { pointsMessages } from './points.messages.ts';
import type { Payment } from './points.tables.ts';

type Ctx = AuthedContext;

/** Spec §7: the merchant id comes from the member's uid and the time (a short suffix keeps two in one ms apart). */
function merchantUid({ uid, now }: { uid: number; now: Date }): string {
  return `pt_${uid}_${now.getTime()}_${randomBytes(3).toString('hex')}`;
}

/** Records what the member is about to pay for; the price comes from the charge option, not the client. */
export async function preparePayment({
  ctx,
  point,
  payMethod,
}: {
  ctx: Ctx;
  point: number;
  payMethod: PayMethod;
}): Promise<PreparedPayment> {
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
      f_pay_method: payMethod,
      f_vbank_name: null,
      f_vbank_num: null,
      f_vbank_holder: null,
      f_vbank_due: null,
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
    pay_method: payMethod,
  };
}

function refuse({
  ctx,
  payment,
  why,
}: {
  ctx: RequestContext;
  payment: Payment | undefined;
  why: string;
}): never {
  ctx.logger.warn(
    { reqId: ctx.requestId, user: payment?.f_user_idx, merchant: payment?.f_merchant_uid, why },
    'payment confirmation refused',
  );
  throw ruleViolation(pointsMessages.paymentNotVerified, { status: 409 });
}

/**
 * buyPoint, after the payment window: asks the provider for the payment and credits the points
 * only when it is paid, for this merchant_uid, for the prepared amount, and not yet used. A
 * virtual account the provider issued is recorded and answered (its deposit is credited when the
 * provider's webhook reports it: `paymentWebhook`). A replay of an accepted confirmation answers
 * as before and credits nothing.
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
  const payment = await paymentByMerchantUid({ db: ctx.db, merchantUid: uid });
  if (!payment || payment.f_user_idx !== ctx.auth.user.f_idx)
    refuse({ ctx, payment, why: 'unknown merchant_uid' });
  return settlePayment({ ctx, payment, impUid });
}

/**
 * The provider's webhook: the body names a payment, the provider is asked what became of it, and a
 * paid one is credited exactly once (whether the member's own confirmation came first, later or
 * never: a deposit into a virtual account arrives with nobody's browser open).
 */
export async function paymentWebhook({
  ctx,
  merchantUid: uid,
  impUid,
}: {
  ctx: RequestContext;
  merchantUid: string;
  impUid: string;
}): Promise<{ merchant_uid: string; status: 'ready' | 'paid' | 'failed' }> {
  const payment = await paymentByMerchantUid({ db: ctx.db, merchantUid: uid });
  if (!payment) refuse({ ctx, payment, why: 'webhook for an unknown merchant_uid' });
  try {
    const result = await settlePayment({ ctx, payment, impUid });
    return { merchant_uid: uid, status: result.deposit ? 'ready' : 'paid' };
  } catch (err) {
    // The provider reported the payment failed (or cancelled, an unpaid account expired): recorded,
    // and nothing for the provider to send again. Anything else is an error it may retry.
    if (err instanceof AppError && err.msg === pointsMessages.paymentFailed) {
      return { merchant_uid: uid, status: 'failed' };
    }
    throw err;
  }
}

/** What the member's confirmation and the webhook share: verify with the provider, then record or credit once. */
async function settlePayment({
  ctx,
  payment,
  impUid,
}: {
  ctx: RequestContext;
  payment: Payment;
  impUid: string;
}): Promise<ChargeResult> {
  const uid = payment.f_merchant_uid;
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
  const wrongAmount = () =>
    refuse({ ctx, payment, why: `amount ${reported.amount} instead of ${payment.f_amount}` });
  if (reported.status === 'ready' && reported.vbank && payment.f_pay_method === 'vbank') {
    if (reported.amount !== payment.f_amount) wrongAmount();
    const deposit = virtualAccount({ vbank: reported.vbank, amount: payment.f_amount });
    await recordVirtualAccount({ db: ctx.db, paymentIdx: payment.f_idx, impUid, account: deposit });
    const point = await balanceOf({ db: ctx.db, userIdx: payment.f_user_idx });
    return { merchant_uid: uid, charged: 0, point, deposit };
  }
  if (reported.status !== 'paid') {
    const reason = reported.fail_reason ?? reported.status;
    await markPaymentFailed({ db: ctx.db, paymentIdx: payment.f_idx, reason });
    throw ruleViolation(pointsMessages.paymentFailed, { params: { reason } });
  }
  if (reported.amount !== payment.f_amount) wrongAmount();

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
      userIdx: payment.f_user_idx,
      type: 'C',
      amount: payment.f_point,
      reason: 'charge',
      memo: String(payment.f_amount),
      ref: uid,
      now,
    });
    await recordCharge({
      db: trx,
      paymentIdx: payment.f_idx,
      userIdx: payment.f_user_idx,
      point: payment.f_point,
      logIdx,
    });
    return { merchant_uid: uid, charged: payment.f_point, point: balance, deposit: null };
  });
}

function virtualAccount({
  vbank,
  amount,
}: {
  vbank: NonNullable<ProviderPayment['vbank']>;
  amount: number;
}): VirtualAccount {
  return {
    bank: vbank.bank,
    account: vbank.account,
    holder: vbank.holder,
    due: vbank.dueUnix === null ? null : new Date(vbank.dueUnix * 1000).toISOString(),
    amount,
  };
}

async function replayed({ db, payment }: { db: DbOrTx; payment: Payment }): Promise<ChargeResult> {
  const point = await balanceOf({ db, userIdx: payment.f_user_idx });
  return { merchant_uid: payment.f_merchant_uid, charged: payment.f_point, point, deposit: null };
}
