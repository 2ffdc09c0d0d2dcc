import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeResult, PreparedPayment } from '../../sync/api/points.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import {
  TEST_CHECKOUT_PATH,
  TEST_DEPOSIT_PATH,
  testPaymentProvider,
  type WebhookBody,
} from '../adapters/payment/test-checkout.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { portone, portoneStub } from '../testing/portone-stub.ts';

/**
 * Issue 30: points paid by real-time bank transfer or into a virtual account, beside the card. A
 * virtual account is issued in the payment window and credited when the provider's webhook reports
 * the deposit; the webhook's body is only a hint, checked with the provider, and credits once.
 */

let t: TestApp;
let stub: Awaited<ReturnType<typeof portoneStub>> | undefined;
afterEach(async () => {
  await t?.close();
  await stub?.close();
  stub = undefined;
});

async function member() {
  const userIdx = await insertUser(t, {});
  return { userIdx, token: await insertSession(t, { userIdx }) };
}

const prepare = (token: string, point: number, pay_method: 'card' | 'trans' | 'vbank') =>
  t.call<PreparedPayment>('/purchase/preparePayment', { token, body: { point, pay_method } });

/** What the app sends back from the checkout's return: the two ids, nothing else. */
const confirm = (token: string, { merchant_uid, imp_uid }: { merchant_uid: string; imp_uid: string }) =>
  t.call<ChargeResult>('/purchase/buyPoint', { token, body: { merchant_uid, imp_uid } });

const webhook = (body: Record<string, unknown>) =>
  t.call<{ merchant_uid: string; status: string }>('/purchase/paymentWebhook', { body });

async function balance(userIdx: number) {
  const user = await t.deps.db
    .selectFrom('users')
    .select('f_point')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  const charges = await t.deps.db
    .selectFrom('point_logs')
    .select('f_idx')
    .where('f_user_idx', '=', userIdx)
    .where('f_type', '=', 'C')
    .execute();
  return { point: user.f_point, charges: charges.length };
}

/** Presses the checkout's approve button (for a virtual account: "issue") as a browser would. */
async function approveInCheckout(prepared: PreparedPayment) {
  const form = new URLSearchParams({
    merchant_uid: prepared.merchant_uid,
    amount: String(prepared.amount),
    name: prepared.name,
    buyer_tel: prepared.buyer_tel,
    pay_method: prepared.pay_method,
    redirect: '/More',
  });
  const page = await t.app.request(`${TEST_CHECKOUT_PATH}?${form}`);
  const html = await page.text();
  form.set('decision', 'approve');
  const res = await t.app.request(TEST_CHECKOUT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const back = new URL(res.headers.get('location') ?? '', 'http://local');
  return { html, imp_uid: back.searchParams.get('imp_uid') ?? '', merchant_uid: prepared.merchant_uid };
}

/** The test provider, delivering its webhook to this test's app as PortOne posts to the notification URL. */
function providerPostingHere() {
  const delivered: WebhookBody[] = [];
  const provider = testPaymentProvider({
    notify: async ({ body }) => {
      delivered.push(body);
      await webhook(body);
    },
  });
  return { provider, delivered };
}

describe('paying points into a virtual account', () => {
  it('issues the account in the checkout, shows it to the member, and credits once when the deposit is reported', async () => {
    const { provider, delivered } = providerPostingHere();
    t = await createTestApp({ adapters: { payment: provider } });
    const { userIdx, token } = await member();
    const prepared = (await prepare(token, 55000, 'vbank')).data;
    expect(prepared).toMatchObject({ pay_method: 'vbank', amount: 55000, point: 55000 });

    const back = await approveInCheckout(prepared);
    expect(back.html).toContain('가상계좌 발급');
    const issued = await confirm(token, back);
    expect(issued).toMatchObject({
      code: 0,
      // No toast: the app shows the account in full.
      msg: '',
      data: {
        charged: 0,
        point: 0,
        deposit: { bank: '테스트은행', holder: '분양톡', amount: 55000 },
      },
    });
    expect(issued.data.deposit?.account).toMatch(/^\d{12}$/);
    // Due in three days, as the checkout's bank keeps it open.
    const due = Date.parse(issued.data.deposit?.due ?? '');
    expect(due - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(await balance(userIdx)).toEqual({ point: 0, charges: 0 });

    // The customer's bank: the deposit, then PortOne's notification.
    const depositPage = await t.app.request(`${TEST_DEPOSIT_PATH}?imp_uid=${back.imp_uid}`);
    expect(await depositPage.text()).toContain(issued.data.deposit?.account ?? 'none');
    const deposited = await t.app.request(TEST_DEPOSIT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ imp_uid: back.imp_uid }).toString(),
    });
    expect(deposited.status).toBe(200);
    expect(delivered).toEqual([
      { imp_uid: back.imp_uid, merchant_uid: prepared.merchant_uid, status: 'paid' },
    ]);
    expect(await balance(userIdx)).toEqual({ point: 55000, charges: 1 });

    // PortOne may send the notification again, and the member's app may confirm late: nothing doubles.
    const again = await Promise.all([webhook(delivered[0] ?? {}), webhook(delivered[0] ?? {})]);
    expect(again.map((a) => a.data.status)).toEqual(['paid', 'paid']);
    expect((await confirm(token, back)).data).toMatchObject({ charged: 55000, point: 55000, deposit: null });
    expect(await balance(userIdx)).toEqual({ point: 55000, charges: 1 });
  });

  it('believes no webhook: paid for an account still waiting, another order’s payment or an unknown order credits nothing', async () => {
    const { provider } = providerPostingHere();
    t = await createTestApp({ adapters: { payment: provider } });
    const { userIdx, token } = await member();
    const waiting = (await prepare(token, 5000, 'vbank')).data;
    const issued = await approveInCheckout(waiting);
    const other = (await prepare(token, 10000, 'card')).data;
    const paidOther = await approveInCheckout(other);

    const forged = [
      { imp_uid: issued.imp_uid, merchant_uid: waiting.merchant_uid, status: 'paid' },
      { imp_uid: paidOther.imp_uid, merchant_uid: waiting.merchant_uid, status: 'paid' },
      { imp_uid: issued.imp_uid, merchant_uid: 'pt_1_1_abcdef', status: 'paid' },
    ];
    const answers = await Promise.all(forged.map((body) => webhook(body)));
    // The first is the provider's "waiting": the account is recorded, nothing credited.
    expect(answers[0]?.data).toEqual({ merchant_uid: waiting.merchant_uid, status: 'ready' });
    expect(answers.slice(1).map((a) => [a.code, a.msg])).toEqual([
      [ResultCode.apiError, '결제를 확인할 수 없습니다.'],
      [ResultCode.apiError, '결제를 확인할 수 없습니다.'],
    ]);
    expect(await balance(userIdx)).toEqual({ point: 0, charges: 0 });
  });

  it('answers a webhook without the payment’s ids with -4 naming the field, and writes nothing', async () => {
    t = await createTestApp();
    const before = t.changes();
    const res = await webhook({ merchant_uid: 'pt_1_1_abcdef', status: 'paid' });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(JSON.stringify(res.data)).toContain('imp_uid');
    expect(t.changes()).toBe(before);
  });
});

describe('paying points by real-time bank transfer', () => {
  it('is verified and credited once like a card payment', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const prepared = (await prepare(token, 10000, 'trans')).data;
    const back = await approveInCheckout(prepared);
    expect(back.html).toContain('실시간 계좌이체');
    const answers = await Promise.all([confirm(token, back), confirm(token, back)]);
    expect(answers.map((a) => a.data.charged)).toEqual([10000, 10000]);
    expect(await balance(userIdx)).toEqual({ point: 10000, charges: 1 });
  });
});

describe('a virtual account through PortOne', () => {
  it('reads the issued account from PortOne’s answer and credits when PortOne’s webhook reports the deposit', async () => {
    const payments: Record<string, Record<string, unknown>> = {};
    stub = await portoneStub(payments);
    t = await createTestApp({ adapters: { payment: portone(stub.url) } });
    const { userIdx, token } = await member();
    const prepared = (await prepare(token, 30000, 'vbank')).data;
    // What PortOne answers for an issued virtual account (status ready, vbank_* fields).
    payments.imp_vbank = {
      imp_uid: 'imp_vbank',
      merchant_uid: prepared.merchant_uid,
      pay_method: 'vbank',
      amount: 33000,
      status: 'ready',
      vbank_code: '004',
      vbank_name: 'KB국민은행',
      vbank_num: '27740104123456',
      vbank_holder: '(주)분양톡',
      vbank_date: 1_893_456_000,
      fail_reason: null,
    };
    const issued = await confirm(token, { merchant_uid: prepared.merchant_uid, imp_uid: 'imp_vbank' });
    expect(issued.data.deposit).toEqual({
      bank: 'KB국민은행',
      account: '27740104123456',
      holder: '(주)분양톡',
      due: new Date(1_893_456_000 * 1000).toISOString(),
      amount: 33000,
    });
    expect(await balance(userIdx)).toEqual({ point: 0, charges: 0 });

    payments.imp_vbank = { ...payments.imp_vbank, status: 'paid', paid_at: 1_893_400_000 };
    const hook = await webhook({ imp_uid: 'imp_vbank', merchant_uid: prepared.merchant_uid, status: 'paid' });
    expect(hook.data).toEqual({ merchant_uid: prepared.merchant_uid, status: 'paid' });
    expect(await balance(userIdx)).toEqual({ point: 30000, charges: 1 });
  });

  it('records an account that expired unpaid as failed, answers PortOne so, and credits nothing', async () => {
    const payments: Record<string, Record<string, unknown>> = {};
    stub = await portoneStub(payments);
    t = await createTestApp({ adapters: { payment: portone(stub.url) } });
    const { userIdx, token } = await member();
    const prepared = (await prepare(token, 5000, 'vbank')).data;
    payments.imp_late = {
      imp_uid: 'imp_late',
      merchant_uid: prepared.merchant_uid,
      pay_method: 'vbank',
      amount: 5500,
      status: 'ready',
      vbank_name: '신한은행',
      vbank_num: '56211122233344',
      vbank_holder: '(주)분양톡',
      vbank_date: 1_893_456_000,
    };
    await confirm(token, { merchant_uid: prepared.merchant_uid, imp_uid: 'imp_late' });
    payments.imp_late = { ...payments.imp_late, status: 'cancelled', fail_reason: '입금기한 만료' };
    const hook = await webhook({
      imp_uid: 'imp_late',
      merchant_uid: prepared.merchant_uid,
      status: 'cancelled',
    });
    expect(hook).toMatchObject({ code: 0, data: { merchant_uid: prepared.merchant_uid, status: 'failed' } });
    const row = await t.deps.db
      .selectFrom('payments')
      .select(['f_status', 'f_fail_reason'])
      .where('f_merchant_uid', '=', prepared.merchant_uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ f_status: 'failed', f_fail_reason: '입금기한 만료' });
    expect(await balance(userIdx)).toEqual({ point: 0, charges: 0 });
  });
});
