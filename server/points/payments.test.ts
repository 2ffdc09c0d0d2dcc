import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeResult, PreparedPayment } from '../../sync/api/points.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { portonePaymentProvider } from '../adapters/payment/portone.ts';
import { TEST_CHECKOUT_PATH, testPaymentProvider } from '../adapters/payment/test-checkout.ts';
import { createApp } from '../app.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { IMP_KEY, IMP_SECRET, portone, portoneStub } from '../testing/portone-stub.ts';
import { startStubServer } from '../testing/stub-server.ts';

let t: TestApp;
let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await t?.close();
  await stub?.close();
  stub = undefined;
});

async function member(phone?: string) {
  const userIdx = await insertUser(t, phone ? { f_phone: phone } : {});
  return { userIdx, token: await insertSession(t, { userIdx }) };
}

const prepare = (token: string, point: number) =>
  t.call<PreparedPayment>('/purchase/preparePayment', { token, body: { point } });

/** What the client sends back from the checkout's redirect: the two ids, nothing else of it. */
const confirm = (token: string, { merchant_uid, imp_uid }: { merchant_uid: string; imp_uid: string }) =>
  t.call<ChargeResult>('/purchase/buyPoint', { token, body: { merchant_uid, imp_uid } });

/** Drives the built-in checkout page as a browser would: open it, press a button, follow the redirect. */
async function checkout(
  prepared: PreparedPayment,
  decision: 'approve' | 'decline',
  amount = prepared.amount,
) {
  const query = new URLSearchParams({
    merchant_uid: prepared.merchant_uid,
    amount: String(amount),
    name: prepared.name,
    buyer_tel: prepared.buyer_tel,
    redirect: '/More?charge=return',
  });
  const page = await t.app.request(`${TEST_CHECKOUT_PATH}?${query}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(new Intl.NumberFormat('ko-KR').format(amount));
  expect(html).not.toContain('<script');
  const form = new URLSearchParams(query);
  form.set('decision', decision);
  const res = await t.app.request(TEST_CHECKOUT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location') ?? '', 'http://local');
  expect(back.pathname).toBe('/More');
  return {
    imp_uid: back.searchParams.get('imp_uid') ?? '',
    merchant_uid: back.searchParams.get('merchant_uid') ?? '',
    success: back.searchParams.get('imp_success'),
    error: back.searchParams.get('error_msg'),
  };
}

async function points(userIdx: number) {
  const u = await t.deps.db
    .selectFrom('users')
    .select(['f_point', 'f_charge_point'])
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  const charges = await t.deps.db
    .selectFrom('point_logs')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .where('f_type', '=', 'C')
    .execute();
  return { balance: u.f_point, charged: u.f_charge_point, charges };
}

describe('charging points through the test checkout', () => {
  it('prepares the price of the option, approves, verifies with the provider and credits once', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member('01055550001');
    const prepared = await prepare(token, 20000);
    expect(prepared.data).toMatchObject({
      amount: 22000,
      point: 20000,
      buyer_tel: '01055550001',
      provider: 'test',
      checkout_url: TEST_CHECKOUT_PATH,
      name: '분양톡 포인트 20,000P',
    });
    expect(prepared.data.merchant_uid).toMatch(new RegExp(`^pt_${userIdx}_\\d{13}_[0-9a-f]{6}$`));

    const back = await checkout(prepared.data, 'approve');
    expect(back).toMatchObject({ merchant_uid: prepared.data.merchant_uid, success: 'true' });
    const res = await confirm(token, back);
    expect(res).toMatchObject({
      code: 0,
      msg: '충전되었습니다.',
      data: { charged: 20000, point: 20000 },
    });
    const after = await points(userIdx);
    expect(after).toMatchObject({ balance: 20000, charged: 20000 });
    expect(after.charges).toEqual([
      expect.objectContaining({
        f_point: 20000,
        f_point_final: 20000,
        f_reason: 'charge',
        f_ref: prepared.data.merchant_uid,
      }),
    ]);
  });

  it('credits nothing for a replayed confirmation, however often or however concurrently it comes', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const prepared = await prepare(token, 5000);
    const back = await checkout(prepared.data, 'approve');
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(token, back)));
    expect(answers.every((a) => a.code === 0 && a.data.charged === 5000)).toBe(true);
    const replay = await confirm(token, back);
    expect(replay.code).toBe(0);
    const after = await points(userIdx);
    expect(after.balance).toBe(5000);
    expect(after.charges).toHaveLength(1);
  });

  it('shows payment failed with the provider’s message when the card is declined, and credits nothing', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const prepared = await prepare(token, 10000);
    const back = await checkout(prepared.data, 'decline');
    expect(back.success).toBe('false');
    const res = await confirm(token, back);
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.msg).toBe('결제에 실패했습니다. 카드사에서 승인을 거절했습니다 (테스트)');
    expect((await points(userIdx)).balance).toBe(0);
    const row = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('f_merchant_uid', '=', prepared.data.merchant_uid)
      .executeTakeFirstOrThrow();
    expect(row.f_status).toBe('failed');
  });

  it('refuses forged confirmations: an unknown payment, another order’s payment, a wrong amount, someone else’s order', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const other = await member();
    const mine = (await prepare(token, 20000)).data;
    const second = (await prepare(token, 5000)).data;
    const theirs = (await prepare(other.token, 5000)).data;
    const paidSecond = await checkout(second, 'approve');
    const underpaid = await checkout(mine, 'approve', 1000);
    const paidTheirs = await checkout(theirs, 'approve');

    const forged = [
      { merchant_uid: mine.merchant_uid, imp_uid: 'imp_123456789012' },
      { merchant_uid: mine.merchant_uid, imp_uid: paidSecond.imp_uid },
      { merchant_uid: mine.merchant_uid, imp_uid: underpaid.imp_uid },
      { merchant_uid: theirs.merchant_uid, imp_uid: paidTheirs.imp_uid },
      { merchant_uid: 'pt_1_1_abcdef', imp_uid: paidSecond.imp_uid },
    ];
    for (const body of forged) {
      const res = await confirm(token, body);
      expect(res, JSON.stringify(body)).toMatchObject({
        code: ResultCode.apiError,
        msg: '결제를 확인할 수 없습니다.',
      });
    }
    expect((await points(userIdx)).balance).toBe(0);
    expect((await points(other.userIdx)).balance).toBe(0);
    // The honest confirmation of the second order still works, once.
    expect((await confirm(token, paidSecond)).data.point).toBe(5000);
  });

  it('only offers the charge options: another amount is -4 and nothing is written', async () => {
    t = await createTestApp();
    const { token } = await member();
    const before = t.changes();
    expect((await prepare(token, 12345)).code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });

  it('keeps the checkout page on this site: a redirect elsewhere is refused', async () => {
    t = await createTestApp();
    const query = new URLSearchParams({
      merchant_uid: 'pt_1_1_abcdef',
      amount: '5500',
      name: 'x',
      redirect: '//evil.example/steal',
    });
    expect((await t.app.request(`${TEST_CHECKOUT_PATH}?${query}`)).status).toBe(400);
  });
});

describe('the PortOne v1 client', () => {
  it('gets a token with imp_key and imp_secret, then reads the payment with it, reusing the token', async () => {
    stub = await portoneStub({
      imp_1: {
        imp_uid: 'imp_1',
        merchant_uid: 'pt_1_1',
        amount: 22000,
        status: 'paid',
        fail_reason: null,
        pay_method: 'card',
      },
    });
    const provider = portone(stub.url);
    expect(await provider.getPayment('imp_1')).toEqual({
      imp_uid: 'imp_1',
      merchant_uid: 'pt_1_1',
      amount: 22000,
      status: 'paid',
      fail_reason: null,
      pay_method: 'card',
      vbank: null,
    });
    await provider.getPayment('imp_1');
    const [tokenReq, payReq, secondPay] = stub.requests;
    expect(tokenReq).toMatchObject({ method: 'POST', url: '/users/getToken' });
    expect(JSON.parse(tokenReq?.body ?? '{}')).toEqual({ imp_key: IMP_KEY, imp_secret: IMP_SECRET });
    expect(payReq).toMatchObject({ method: 'GET', url: '/payments/imp_1' });
    expect(payReq?.headers.authorization).toBe('token-1');
    expect(secondPay?.url).toBe('/payments/imp_1');
    expect(stub.requests).toHaveLength(3);
  });

  it('answers null for a payment PortOne does not know, and throws when the keys are refused', async () => {
    stub = await portoneStub({});
    expect(await portone(stub.url).getPayment('imp_nope')).toBeNull();
    const wrongKeys = portonePaymentProvider({
      apiUrl: stub.url,
      impKey: 'x',
      impSecret: 'y',
      impCode: 'imp1',
      channelKey: 'c',
    });
    await expect(wrongKeys.getPayment('imp_1')).rejects.toThrow(/getToken/);
  });

  it('verifies a charge through PortOne: paid for the prepared amount credits, a short payment does not', async () => {
    const payments: Record<string, Record<string, unknown>> = {};
    stub = await portoneStub(payments);
    t = await createTestApp({ adapters: { payment: portone(stub.url) } });
    const { userIdx, token } = await member();
    const good = (await prepare(token, 30000)).data;
    expect(good).toMatchObject({
      provider: 'portone',
      amount: 33000,
      imp_code: 'imp12345678',
      channel_key: 'channel-key-1',
      checkout_url: null,
    });
    const short = (await prepare(token, 5000)).data;
    const failed = (await prepare(token, 5000)).data;
    payments.imp_good = {
      imp_uid: 'imp_good',
      merchant_uid: good.merchant_uid,
      amount: 33000,
      status: 'paid',
    };
    payments.imp_short = {
      imp_uid: 'imp_short',
      merchant_uid: short.merchant_uid,
      amount: 100,
      status: 'paid',
    };
    payments.imp_failed = {
      imp_uid: 'imp_failed',
      merchant_uid: failed.merchant_uid,
      amount: 5500,
      status: 'failed',
      fail_reason: '카드 한도가 초과되었습니다.',
    };

    expect(
      (await confirm(token, { merchant_uid: good.merchant_uid, imp_uid: 'imp_good' })).data.charged,
    ).toBe(30000);
    expect((await confirm(token, { merchant_uid: short.merchant_uid, imp_uid: 'imp_short' })).msg).toBe(
      '결제를 확인할 수 없습니다.',
    );
    expect((await confirm(token, { merchant_uid: failed.merchant_uid, imp_uid: 'imp_failed' })).msg).toBe(
      '결제에 실패했습니다. 카드 한도가 초과되었습니다.',
    );
    expect((await points(userIdx)).balance).toBe(30000);
  });

  it('says the provider could not be reached, and credits nothing, when PortOne is down', async () => {
    stub = await startStubServer(() => ({ status: 503, text: 'down' }));
    t = await createTestApp({ adapters: { payment: portone(stub.url) } });
    const { userIdx, token } = await member();
    const prepared = (await prepare(token, 5000)).data;
    const res = await confirm(token, { merchant_uid: prepared.merchant_uid, imp_uid: 'imp_x' });
    expect(res).toMatchObject({ status: 502, code: ResultCode.apiError });
    expect((await points(userIdx)).balance).toBe(0);
  });

  it('lets the PortOne widget script and payment windows through the content security policy', async () => {
    stub = await portoneStub({});
    t = await createTestApp({ adapters: { payment: portone(stub.url) } });
    const res = await t.app.request('/api/v1/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://cdn.iamport.kr');
    // Without PortOne there is no checkout page of our own to reach.
    expect((await t.app.request(TEST_CHECKOUT_PATH)).status).toBe(404);
  });
});

describe('the test checkout in production', () => {
  it('is a 404, not the app’s page, when a real provider is configured and the app is served', async () => {
    stub = await portoneStub({});
    const dist = mkdtempSync(path.join(tmpdir(), 'bt-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>분양톡</title>');
    t = await createTestApp({ config: { distDir: dist }, adapters: { payment: portone(stub.url) } });
    const served = createApp({ deps: t.deps, serveClient: true });
    expect((await served.request('/Home')).status).toBe(200);
    for (const [method, url] of [
      ['GET', `${TEST_CHECKOUT_PATH}?merchant_uid=m1&amount=5500&name=p&redirect=/More`],
      ['POST', TEST_CHECKOUT_PATH],
      ['GET', '/pay/anything'],
    ] as const) {
      const res = await served.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(await res.text()).not.toContain('분양톡');
    }
    rmSync(dist, { recursive: true, force: true });
  });
});

describe('the test provider', () => {
  it('knows only the payments its checkout page recorded', async () => {
    const provider = testPaymentProvider();
    expect(await provider.getPayment('imp_test_unknown')).toBeNull();
    expect(provider.csp.scriptSrc).toEqual([]);
  });
});
