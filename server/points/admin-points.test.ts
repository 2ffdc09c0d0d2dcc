import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPointLogItem, PointMember, UsageLogItem } from '../../sync/api/points.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const NOW = '2026-11-21T03:00:00.000Z';

async function admin(authority: string, { unlocked = true, name = '포인트관리' } = {}) {
  const userIdx = await insertUser(t, { f_type: 'A', f_admin_authority: authority, f_name: name });
  return { userIdx, token: await insertSession(t, { userIdx, unlocked }) };
}

describe('admin points (tab 2)', () => {
  it('finds a member by phone, gives and takes points, and logs each change with the admin', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const target = await insertUser(t, { f_phone: '01066660001', f_name: '대상자' });
    const { userIdx: adminIdx, token } = await admin('2');

    const found = await t.call<PointMember>('/admin/findPointMember', {
      token,
      body: { phone: '010-6666-0001' },
    });
    expect(found.data).toMatchObject({ f_idx: target, f_name: '대상자', f_point: 0 });

    const given = await t.call('/purchase/addPoint', {
      token,
      body: { user_idx: target, point: 3000, memo: '이벤트 지급' },
    });
    expect(given).toMatchObject({
      code: 0,
      msg: '포인트를 지급했습니다.',
      data: { added: 3000, point: 3000 },
    });
    const taken = await t.call('/purchase/addPoint', { token, body: { user_idx: target, point: -1000 } });
    expect(taken).toMatchObject({ code: 0, msg: '포인트를 차감했습니다.', data: { point: 2000 } });

    const log = await t.call<{ list: AdminPointLogItem[] }>('/admin/getMemberPointLog', {
      token,
      body: { user_idx: target },
    });
    expect(log.data.list).toEqual([
      expect.objectContaining({
        f_type: 'O',
        f_point: 1000,
        f_point_final: 2000,
        f_admin_idx: adminIdx,
        f_admin_name: '포인트관리',
      }),
      expect.objectContaining({ f_type: 'A', f_point: 3000, f_point_final: 3000, f_memo: '이벤트 지급' }),
    ]);
  });

  it('never takes a balance below zero', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const target = await insertUser(t);
    const { token } = await admin('2');
    await t.call('/purchase/addPoint', { token, body: { user_idx: target, point: 500 } });
    const before = t.changes();
    const res = await t.call('/purchase/addPoint', { token, body: { user_idx: target, point: -501 } });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '포인트가 부족합니다.' });
    expect(t.changes()).toBe(before);
  });

  it('applies a change sent twice with the same key once', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const target = await insertUser(t);
    const { token } = await admin('2');
    const body = { user_idx: target, point: 700, idempotency_key: randomUUID() };
    await Promise.all([
      t.call('/purchase/addPoint', { token, body }),
      t.call('/purchase/addPoint', { token, body }),
    ]);
    const user = await t.deps.db
      .selectFrom('users')
      .select('f_point')
      .where('f_idx', '=', target)
      .executeTakeFirstOrThrow();
    expect(user.f_point).toBe(700);
  });

  it('refuses changes while the admin lock is closed, and to an admin without the tab', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const target = await insertUser(t);
    const locked = await admin('2', { unlocked: false });
    const otherTab = await admin('3');
    for (const token of [locked.token, otherTab.token]) {
      const res = await t.call('/purchase/addPoint', { token, body: { user_idx: target, point: 100 } });
      expect(res).toMatchObject({ status: 403, code: ResultCode.apiError });
    }
    expect((await t.call('/purchase/addPoint', { token: locked.token, body: {} })).status).toBe(403);
  });

  it('says so for a phone that is no member and for a removed member', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await admin('2');
    const missing = await t.call('/admin/findPointMember', { token, body: { phone: '01099998888' } });
    expect(missing).toMatchObject({ code: ResultCode.apiError, msg: '회원을 찾을 수 없습니다.' });
    const gone = await insertUser(t, { f_withdrawn_time: NOW });
    const res = await t.call('/purchase/addPoint', { token, body: { user_idx: gone, point: 100 } });
    expect(res.msg).toBe('회원을 찾을 수 없습니다.');
  });
});

describe('admin usage periods (tab 3)', () => {
  it('adds days from the current usage date or from now, takes days, and logs who did it', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const expired = await insertUser(t, {
      f_phone: '01066660002',
      f_usage_date: new Date(new Date(NOW).getTime() - 3 * DAY_MS).toISOString(),
    });
    const { userIdx: adminIdx, token } = await admin('3', { name: '기간관리' });
    const found = await t.call<PointMember>('/admin/findPeriodMember', {
      token,
      body: { phone: '01066660002' },
    });
    expect(found.data.f_idx).toBe(expired);

    const added = await t.call('/purchase/addPeriod', { token, body: { user_idx: expired, period: 30 } });
    const in30 = new Date(new Date(NOW).getTime() + 30 * DAY_MS).toISOString();
    expect(added).toMatchObject({ code: 0, msg: '이용 기간을 지급했습니다.', data: { usage_date: in30 } });
    const taken = await t.call('/purchase/addPeriod', { token, body: { user_idx: expired, period: -10 } });
    expect(taken).toMatchObject({
      msg: '이용 기간을 차감했습니다.',
      data: { usage_date: new Date(new Date(NOW).getTime() + 20 * DAY_MS).toISOString() },
    });

    const log = await t.call<{ list: UsageLogItem[] }>('/admin/getMemberUsageLog', {
      token,
      body: { user_idx: expired },
    });
    expect(log.data.list.map((r) => [r.f_days, r.f_reason, r.f_admin_idx, r.f_admin_name])).toEqual([
      [-10, 'admin', adminIdx, '기간관리'],
      [30, 'admin', adminIdx, '기간관리'],
    ]);
    const member = await insertSession(t, { userIdx: expired });
    expect((await t.call('/purchase/checkTicket', { token: member })).code).toBe(0);
  });

  it('needs a whole, non-zero number of days', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const target = await insertUser(t);
    const { token } = await admin('3');
    const before = t.changes();
    for (const period of [0, 1.5, '30', 99999]) {
      const res = await t.call('/purchase/addPeriod', { token, body: { user_idx: target, period } });
      expect(res.code, String(period)).toBe(ResultCode.badParameter);
    }
    expect(t.changes()).toBe(before);
  });
});
