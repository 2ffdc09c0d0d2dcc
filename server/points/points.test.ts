import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeriodResult, PointLogPage, PurchaseInfo } from '../../sync/api/points.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { changePoints } from './ledger.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const NOW = '2026-11-21T03:00:00.000Z';
const thirtyDays = { period: 1, made: 0, push: 0 };

/** A member whose points come through the ledger, as every balance does. */
async function memberWithPoints(points: number, overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  if (points > 0) {
    await changePoints({
      trx: t.deps.db,
      userIdx,
      type: 'A',
      amount: points,
      reason: 'admin',
      now: t.deps.clock.now(),
    });
  }
  return { userIdx, token: await insertSession(t, { userIdx }) };
}

async function balanceAndLog(userIdx: number) {
  const { f_point } = await t.deps.db
    .selectFrom('users')
    .select('f_point')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  const log = await t.deps.db
    .selectFrom('point_logs')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .orderBy('f_idx')
    .execute();
  return { balance: f_point, log };
}

/** Walks the log: each row's balance follows from the previous one, and none is below zero. */
function replay(log: Array<{ f_type: string; f_point: number; f_point_final: number }>) {
  let running = 0;
  for (const row of log) {
    running += row.f_type === 'C' || row.f_type === 'A' ? row.f_point : -row.f_point;
    expect(row.f_point_final).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  }
  return running;
}

const buy = (token: string, body: Record<string, unknown>) =>
  t.call<PeriodResult>('/purchase/buyPeriod', { token, body });

describe('buying usage plans with points', () => {
  it('lets exactly 7 of 50 concurrent purchases through when the balance covers 7, and never overspends', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { userIdx, token } = await memberWithPoints(7 * 12000 + 5000);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buy(token, { ...thirtyDays, idempotency_key: randomUUID() })),
    );

    const ok = answers.filter((a) => a.code === ResultCode.ok);
    const refused = answers.filter((a) => a.code !== ResultCode.ok);
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(43);
    expect(refused.every((a) => a.code === ResultCode.apiError && a.msg === '포인트가 부족합니다.')).toBe(
      true,
    );

    const { balance, log } = await balanceAndLog(userIdx);
    expect(balance).toBe(5000);
    expect(replay(log)).toBe(balance);
    expect(log.filter((r) => r.f_type === 'U')).toHaveLength(7);
    // Each success extended the ticket by 30 days from the last one.
    const user = await t.deps.db
      .selectFrom('users')
      .select('f_usage_date')
      .where('f_idx', '=', userIdx)
      .executeTakeFirstOrThrow();
    expect(user.f_usage_date).toBe(new Date(new Date(NOW).getTime() + 210 * DAY_MS).toISOString());
    expect(
      await t.deps.db.selectFrom('usage_logs').select('f_idx').where('f_user_idx', '=', userIdx).execute(),
    ).toHaveLength(7);
  });

  it('charges once for a request repeated with the same idempotency key, and answers the same', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { userIdx, token } = await memberWithPoints(50000);
    const key = randomUUID();

    const first = await buy(token, { ...thirtyDays, idempotency_key: key });
    const again = await buy(token, { ...thirtyDays, idempotency_key: key });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => buy(token, { ...thirtyDays, idempotency_key: key })),
    );

    expect(first.code).toBe(ResultCode.ok);
    expect(first.data).toMatchObject({ plan_id: 'd30', point: 38000 });
    expect(again).toEqual(first);
    for (const answer of concurrent) expect(answer).toEqual(first);
    const { balance, log } = await balanceAndLog(userIdx);
    expect(balance).toBe(38000);
    expect(log.filter((r) => r.f_type === 'U')).toHaveLength(1);
  });

  it('refuses a key reused for another plan and writes nothing', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await memberWithPoints(50000);
    const key = randomUUID();
    await buy(token, { ...thirtyDays, idempotency_key: key });
    const before = t.changes();
    const other = await buy(token, { period: 0, made: 5, push: 0, idempotency_key: key });
    expect(other.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });

  it('adds the plan’s days and counts, takes its points, and logs both with the plan', async () => {
    const clock = fixedClock(NOW);
    t = await createTestApp({ clock });
    const { userIdx, token } = await memberWithPoints(100000, {
      f_usage_date: new Date(new Date(NOW).getTime() + 10 * DAY_MS).toISOString(),
    });
    const res = await buy(token, { period: 1, made: 13, push: 13, idempotency_key: randomUUID() });
    expect(res).toMatchObject({
      code: 0,
      msg: '이용권을 구매했습니다.',
      data: {
        plan_id: 'mp13',
        point: 60000,
        made_count: 13,
        push_count: 13,
        // From the current usage date, which had 10 days left.
        usage_date: new Date(new Date(NOW).getTime() + 40 * DAY_MS).toISOString(),
      },
    });
    const { log } = await balanceAndLog(userIdx);
    expect(log.at(-1)).toMatchObject({
      f_type: 'U',
      f_point: 40000,
      f_point_final: 60000,
      f_reason: 'plan',
      f_ref: 'mp13',
    });
    const profile = await t.call<{ point: number; made_count: number; ticket_valid: boolean }>(
      '/user/getProfile',
      {
        token,
      },
    );
    expect(profile.data).toMatchObject({ point: 60000, made_count: 13, ticket_valid: true });
  });

  it('says point not enough and writes nothing when the balance is short', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await memberWithPoints(11999);
    const before = t.changes();
    const res = await buy(token, { ...thirtyDays, idempotency_key: randomUUID() });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '포인트가 부족합니다.' });
    expect(t.changes()).toBe(before);
  });

  it('refuses a triple that names no plan, or a missing key, with -4 and writes nothing', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await memberWithPoints(100000);
    const before = t.changes();
    for (const body of [
      { period: 2, made: 0, push: 0, idempotency_key: randomUUID() },
      { period: 1, made: -1, push: 0, idempotency_key: randomUUID() },
      { ...thirtyDays },
      { ...thirtyDays, idempotency_key: 'short' },
    ]) {
      expect((await buy(token, body)).code, JSON.stringify(body)).toBe(ResultCode.badParameter);
    }
    expect(t.changes()).toBe(before);
  });

  it('prices the 30-day plan from the one-month ticket setting', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    await t.deps.db
      .updateTable('app_settings')
      .set({ value: '15000' })
      .where('key', '=', 'one_month_ticket_point')
      .execute();
    const { token } = await memberWithPoints(20000);
    const info = await t.call<PurchaseInfo>('/purchase/getPurchaseInfo', { token });
    expect(info.data.plans[0]).toMatchObject({ id: 'd30', points: 15000 });
    expect((await buy(token, { ...thirtyDays, idempotency_key: randomUUID() })).data.point).toBe(5000);
  });

  it('does not sell days while usage is free, but still sells alerts', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    await t.deps.db
      .updateTable('app_settings')
      .set({ value: 'F' })
      .where('key', '=', 'ticket_price')
      .execute();
    const { token } = await memberWithPoints(50000);
    const info = await t.call<PurchaseInfo>('/purchase/getPurchaseInfo', { token });
    expect(info.data).toMatchObject({ ticket_price: 'F', ticket_show: 'Y', payment_provider: 'test' });
    const days = await buy(token, { ...thirtyDays, idempotency_key: randomUUID() });
    expect(days.code).toBe(ResultCode.apiError);
    const alerts = await buy(token, { period: 0, made: 5, push: 0, idempotency_key: randomUUID() });
    expect(alerts.data).toMatchObject({ made_count: 5, point: 40000 });
  });

  it('refuses a member under review with the under-review message', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await memberWithPoints(50000, { f_approval: 'P' });
    const res = await buy(token, { ...thirtyDays, idempotency_key: randomUUID() });
    expect(res).toMatchObject({
      code: ResultCode.apiError,
      msg: '가입 심사 중입니다. 승인 후 이용할 수 있습니다.',
    });
  });
});

describe('the usage ticket check', () => {
  it('refuses an expired member with ticket_expired, and lets them through after buying 30 days', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await memberWithPoints(12000, {
      f_usage_date: new Date(new Date(NOW).getTime() - DAY_MS).toISOString(),
    });
    const before = await t.call('/purchase/checkTicket', { token });
    expect(before).toMatchObject({
      status: 402,
      code: ResultCode.apiError,
      data: { reason: 'ticket_expired' },
    });
    await buy(token, { ...thirtyDays, idempotency_key: randomUUID() });
    const after = await t.call('/purchase/checkTicket', { token });
    expect(after).toMatchObject({ status: 200, code: 0, data: { ok: true } });
  });
});

describe('point history', () => {
  it('lists only the member’s own changes, newest first, 50 a page', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { userIdx, token } = await memberWithPoints(1000);
    await memberWithPoints(500);
    for (let i = 0; i < 55; i++) {
      await changePoints({
        trx: t.deps.db,
        userIdx,
        type: 'A',
        amount: 10,
        reason: 'admin',
        now: new Date(NOW),
      });
    }
    const first = await t.call<PointLogPage>('/purchase/getPointLog', { token, body: { page_num: 1 } });
    const second = await t.call<PointLogPage>('/purchase/getPointLog', { token, body: { page_num: 2 } });
    expect(first.data.total).toBe(56);
    expect(first.data.list).toHaveLength(50);
    expect(second.data.list).toHaveLength(6);
    expect(first.data.list[0]).toMatchObject({ f_type: 'A', f_point: 10, f_point_final: 1550 });
    expect(second.data.list.at(-1)).toMatchObject({ f_point: 1000, f_point_final: 1000 });
  });

  it('starts the demo data with an opening row for every balance', async () => {
    const { openTestDatabase } = await import('../db/database.ts');
    const { seedDemo } = await import('../seed/demo.ts');
    const handle = await openTestDatabase();
    seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now: new Date(NOW), siteCount: 0 });
    const mismatched = handle.sqlite
      .prepare(
        `SELECT u.f_idx FROM users u WHERE u.f_point != COALESCE((SELECT SUM(CASE WHEN l.f_type IN ('C','A')
         THEN l.f_point ELSE -l.f_point END) FROM point_logs l WHERE l.f_user_idx = u.f_idx), 0)`,
      )
      .all();
    expect(mismatched).toEqual([]);
    await handle.close();
  });
});

describe('the super admin', () => {
  it('passes the ticket check without a usage date', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const token = await superAdminToken(t);
    expect((await t.call('/purchase/checkTicket', { token })).code).toBe(0);
  });
});
