import { afterEach, describe, expect, it } from 'vitest';
import { AdminTab } from '../../sync/admin-tabs.ts';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import type { Access } from '../http/operation.ts';
import { operations } from '../operations.ts';
import { createTestApp, insertSession, insertUser, login, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

type AdminAccess = Extract<Access, { kind: 'admin' }>;
const adminOperations = operations.filter((op) => op.access.kind === 'admin');

/** Authorization refusals all answer 403; a caller who got past them may still fail on input (400) or rules. */
function refused(res: { status: number; code: number; data: unknown }) {
  return res.status === 403 && res.code === ResultCode.apiError;
}

describe('admin authority matrix', () => {
  it('covers every admin endpoint', () => {
    expect(adminOperations.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses every admin endpoint to an agent, and answers with no data', async () => {
    t = await createTestApp();
    const agent = await insertSession(t, { userIdx: await insertUser(t), unlocked: true });
    for (const op of adminOperations) {
      const res = await t.call(op.call.path, { token: agent, body: {} });
      expect(refused(res), `${op.call.operationId} let an agent in`).toBe(true);
      expect(res.data, `${op.call.operationId} answered an agent with data`).toBeNull();
    }
  });

  it('lets an admin use only the tabs of their authority, and lock-protected ones only with the lock open', async () => {
    t = await createTestApp();
    for (const op of adminOperations) {
      const access = op.access as AdminAccess;
      const tab = access.tab === 'any' ? AdminTab.site : access.tab;
      const other = tab === AdminTab.member ? AdminTab.accept : AdminTab.member;
      const without = await insertSession(t, {
        userIdx: await insertUser(t, { f_type: 'A', f_admin_authority: String(other) }),
        unlocked: true,
      });
      const withTabLocked = await insertSession(t, {
        userIdx: await insertUser(t, {
          f_type: 'A',
          f_admin_authority: String(tab === AdminTab.manage ? AdminTab.member : tab),
        }),
      });
      const withTab = await insertSession(t, {
        userIdx: await insertUser(t, {
          f_type: 'A',
          f_admin_authority: String(tab === AdminTab.manage ? AdminTab.member : tab),
        }),
        unlocked: true,
      });
      const name = op.call.operationId;
      if (access.tab !== 'any' && tab !== AdminTab.site) {
        expect(
          refused(await t.call(op.call.path, { token: without, body: {} })),
          `${name}: admin without the tab`,
        ).toBe(true);
      }
      if (tab === AdminTab.manage) {
        // Authority is the super admin's alone, whatever tabs an admin holds.
        expect(
          refused(await t.call(op.call.path, { token: withTab, body: {} })),
          `${name}: plain admin`,
        ).toBe(true);
        continue;
      }
      expect(
        refused(await t.call(op.call.path, { token: withTab, body: {} })),
        `${name}: admin with the tab`,
      ).toBe(false);
      const locked = await t.call(op.call.path, { token: withTabLocked, body: {} });
      expect(refused(locked), `${name}: lock ${access.lock ? 'required' : 'not required'}`).toBe(
        access.lock === true,
      );
    }
  });

  it('lets the super admin use every admin endpoint', async () => {
    t = await createTestApp();
    const superAdmin = await insertSession(t, {
      userIdx: await insertUser(t, { f_phone: t.deps.config.superAdminPhone, f_type: 'A' }),
      unlocked: true,
    });
    // Closing the lock would refuse every lock-protected endpoint walked after it, so it goes last.
    const closesLock = (op: (typeof adminOperations)[number]) => op.call.operationId === 'closeAdminLock';
    for (const op of [
      ...adminOperations.filter((op) => !closesLock(op)),
      ...adminOperations.filter(closesLock),
    ]) {
      const res = await t.call(op.call.path, { token: superAdmin, body: {} });
      expect(refused(res), `${op.call.operationId} refused the super admin: ${JSON.stringify(res)}`).toBe(
        false,
      );
    }
  });
});

async function adminToken(t: TestApp, authority: string, unlocked = false) {
  return insertSession(t, {
    userIdx: await insertUser(t, { f_type: 'A', f_admin_authority: authority }),
    unlocked,
  });
}

describe('approval', () => {
  it('lists applicants under review with their card and answers, and approving lets them in', async () => {
    t = await createTestApp();
    const applicant = await insertUser(t, {
      f_phone: '01077770001',
      f_approval: 'P',
      f_business_card: '/uploads/x.webp',
    });
    await insertUser(t, { f_phone: '01077770002' });
    const applicantToken = await login(t, '01077770001');
    const admin = await adminToken(t, '1');
    const list = await t.call<{ total: number; list: Array<{ f_idx: number; f_business_card: string }> }>(
      '/admin/getPendingUserList',
      { token: admin, body: { offset: 0, limit: 10 } },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ f_idx: applicant, f_business_card: '/uploads/x.webp' });

    const res = await t.call('/admin/changeUserStatusById', {
      token: admin,
      body: { user_id: applicant, status: 'A' },
    });
    expect(res).toMatchObject({ code: 0, msg: '승인했습니다.' });
    // The applicant's open session learns of the change and signs in again.
    expect((await t.call('/user/checkSession', { token: applicantToken })).code).toBe(
      ResultCode.statusChanged,
    );
    const fresh = await login(t, '01077770001', 'device-bbbbbbbb');
    expect((await t.call<{ approval: string }>('/user/getProfile', { token: fresh })).data.approval).toBe(
      'A',
    );
  });

  it('rejects an applicant and records when', async () => {
    const clock = fixedClock('2026-11-21T03:00:00.000Z');
    t = await createTestApp({ clock });
    const applicant = await insertUser(t, { f_approval: 'P' });
    const admin = await adminToken(t, '1');
    await t.call('/admin/changeUserStatusById', { token: admin, body: { user_id: applicant, status: 'R' } });
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('f_idx', '=', applicant)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ f_approval: 'R', f_reject_time: '2026-11-21T03:00:00.000Z' });
    const again = await t.call('/admin/changeUserStatusById', {
      token: admin,
      body: { user_id: applicant, status: 'A' },
    });
    expect(again.code).toBe(ResultCode.apiError);
  });
});

describe('what a new member starts with', () => {
  async function setWelcomeDays(t: TestApp, days: number) {
    await t.deps.db
      .updateTable('app_settings')
      .set({ value: String(days) })
      .where('key', '=', 'new_member_days')
      .execute();
  }
  const usageOf = (t: TestApp, userIdx: number) =>
    t.deps.db
      .selectFrom('users')
      .select(['f_usage_date', 'f_welcome_time'])
      .where('f_idx', '=', userIdx)
      .executeTakeFirstOrThrow();

  it('gives a member the days the admin set when approved, logged once, and passes the ticket check', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-21T03:00:00.000Z') });
    await setWelcomeDays(t, 30);
    const applicant = await insertUser(t, { f_phone: '01077770011', f_approval: 'P' });
    const admin = await adminToken(t, '1');
    const res = await t.call('/admin/changeUserStatusById', {
      token: admin,
      body: { user_id: applicant, status: 'A' },
    });
    expect(res.code).toBe(0);
    expect(await usageOf(t, applicant)).toEqual({
      f_usage_date: '2026-12-21T03:00:00.000Z',
      f_welcome_time: '2026-11-21T03:00:00.000Z',
    });
    const logs = await t.deps.db
      .selectFrom('usage_logs')
      .select(['f_days', 'f_reason'])
      .where('f_user_idx', '=', applicant)
      .execute();
    expect(logs).toEqual([{ f_days: 30, f_reason: 'welcome' }]);
    const member = await login(t, '01077770011');
    expect((await t.call('/purchase/checkTicket', { token: member })).code).toBe(0);
  });

  it('gives nothing when the setting is 0: the member has no ticket yet and is told so, not that it expired', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-21T03:00:00.000Z') });
    const applicant = await insertUser(t, { f_phone: '01077770012', f_approval: 'P' });
    const admin = await adminToken(t, '1');
    await t.call('/admin/changeUserStatusById', { token: admin, body: { user_id: applicant, status: 'A' } });
    expect(await usageOf(t, applicant)).toEqual({ f_usage_date: null, f_welcome_time: null });
    const member = await login(t, '01077770012');
    const refused = await t.call('/purchase/checkTicket', { token: member });
    expect(refused).toMatchObject({
      status: 402,
      code: ResultCode.apiError,
      msg: '아직 이용권이 없습니다. 이용권을 선택하면 지도 검색, 알림 보내기, 커뮤니티 글쓰기를 이용할 수 있습니다.',
      data: { reason: 'ticket_expired', ticket: 'none' },
    });
  });

  it('gives the days once per member, even when a rejected applicant applies again and is approved', async () => {
    const clock = fixedClock('2026-11-21T03:00:00.000Z');
    t = await createTestApp({ clock });
    await setWelcomeDays(t, 30);
    const applicant = await insertUser(t, { f_phone: '01077770013', f_approval: 'P' });
    const admin = await adminToken(t, '1');
    await t.call('/admin/changeUserStatusById', { token: admin, body: { user_id: applicant, status: 'A' } });
    // Later the member is under review again (as after a rejection and a new application) and approved.
    await t.deps.db.updateTable('users').set({ f_approval: 'P' }).where('f_idx', '=', applicant).execute();
    clock.advance(24 * 3600_000);
    const again = await t.call('/admin/changeUserStatusById', {
      token: admin,
      body: { user_id: applicant, status: 'A' },
    });
    expect(again.code).toBe(0);
    expect((await usageOf(t, applicant)).f_usage_date).toBe('2026-12-21T03:00:00.000Z');
    // Two approvals of the same applicant at once: one acts, the other is told it is decided.
    const other = await insertUser(t, { f_phone: '01077770014', f_approval: 'P' });
    const both = await Promise.all(
      [0, 1].map(() =>
        t.call('/admin/changeUserStatusById', { token: admin, body: { user_id: other, status: 'A' } }),
      ),
    );
    expect(both.map((r) => r.code).sort()).toEqual([ResultCode.apiError, 0].sort());
    const logs = await t.deps.db
      .selectFrom('usage_logs')
      .select('f_user_idx')
      .where('f_reason', '=', 'welcome')
      .execute();
    expect(logs.map((l) => l.f_user_idx).sort()).toEqual([applicant, other].sort());
  });

  it('lets a member use everything without a ticket while usage is free (ticket_price F)', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-21T03:00:00.000Z') });
    await t.deps.db
      .updateTable('app_settings')
      .set({ value: 'F' })
      .where('key', '=', 'ticket_price')
      .execute();
    await insertUser(t, { f_phone: '01077770015' });
    const member = await login(t, '01077770015');
    expect((await t.call('/purchase/checkTicket', { token: member })).code).toBe(0);
    const profile = await t.call<{ ticket_valid: boolean; usage_date: string | null }>('/user/getProfile', {
      token: member,
    });
    expect(profile.data).toMatchObject({ ticket_valid: true, usage_date: null });
  });
});

describe('member limits', () => {
  it('limits a member for 5 days until 00:00 (Seoul) of the release date and ends their session (-9)', async () => {
    const clock = fixedClock('2026-11-21T03:00:00.000Z');
    t = await createTestApp({ clock });
    await insertUser(t, { f_phone: '01077770003' });
    const memberToken = await login(t, '01077770003');
    const admin = await adminToken(t, '0');
    const res = await t.call<{ release_date: string }>('/admin/changeUserStatus', {
      token: admin,
      body: { phone: '010-7777-0003', status: 'WL' },
    });
    expect(res.data.release_date).toBe('2026-11-26');
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('f_phone', '=', '01077770003')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ f_status: 'WL', f_release_date: '2026-11-25T15:00:00.000Z' });
    expect((await t.call('/user/checkSession', { token: memberToken })).code).toBe(ResultCode.statusChanged);
  });

  it('blocks and unblocks by phone', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: '01077770004' });
    const admin = await adminToken(t, '0');
    await t.call('/admin/blockPhone', { token: admin, body: { phone: '01077770004' } });
    expect((await t.call('/auth/authPhone', { body: { phone_number: '01077770004' } })).msg).toContain(
      '차단',
    );
    await t.call('/admin/unblockPhone', { token: admin, body: { phone: '01077770004' } });
    expect((await t.call('/auth/authPhone', { body: { phone_number: '01077770004' } })).code).toBe(0);
  });

  it('needs a phone that belongs to a member', async () => {
    t = await createTestApp();
    const admin = await adminToken(t, '0');
    expect((await t.call('/admin/blockPhone', { token: admin, body: {} })).code).toBe(
      ResultCode.badParameter,
    );
    expect((await t.call('/admin/blockPhone', { token: admin, body: { phone: '01012121212' } })).msg).toBe(
      '회원을 찾을 수 없습니다.',
    );
  });
});

describe('admin authority', () => {
  it('the super admin grants tabs (first = starting tab) and revokes them', async () => {
    t = await createTestApp();
    const superAdmin = await insertSession(t, {
      userIdx: await insertUser(t, { f_phone: t.deps.config.superAdminPhone, f_type: 'A' }),
    });
    const target = await insertUser(t, { f_phone: '01077770005' });
    const granted = await t.call('/admin/updateAdminAuthority', {
      token: superAdmin,
      body: { user_idx: target, authority: '7,0,1' },
    });
    expect(granted.data).toEqual({ f_idx: target, f_type: 'A', f_admin_authority: '7,0,1' });
    const targetToken = await login(t, '01077770005');
    const profile = await t.call<{ is_admin: boolean; admin_authority: number[] }>('/user/getProfile', {
      token: targetToken,
    });
    expect(profile.data).toMatchObject({ is_admin: true, admin_authority: [7, 0, 1] });
    const revoked = await t.call('/admin/updateAdminAuthority', {
      token: superAdmin,
      body: { user_idx: target, authority: '' },
    });
    expect(revoked.data).toMatchObject({ f_type: 'U', f_admin_authority: '' });
    expect(
      (
        await t.call('/admin/updateAdminAuthority', {
          token: superAdmin,
          body: { user_idx: target, authority: '10' },
        })
      ).code,
    ).toBe(ResultCode.badParameter);
    expect(
      (
        await t.call('/admin/updateAdminAuthority', {
          token: superAdmin,
          body: { user_idx: 99999, authority: '1' },
        })
      ).code,
    ).toBe(ResultCode.apiError);
  });
});

describe('admin lock', () => {
  it('opens with the configured password only', async () => {
    t = await createTestApp();
    const admin = await adminToken(t, '2');
    const wrong = await t.call('/admin/openAdminLock', { token: admin, body: { password: 'nope' } });
    expect(wrong.msg).toBe('관리자 비밀번호가 올바르지 않습니다.');
    const right = await t.call<{ unlocked_until: string }>('/admin/openAdminLock', {
      token: admin,
      body: { password: 'admin1234' },
    });
    expect(right.code).toBe(0);
    const session = await t.deps.db
      .selectFrom('sessions')
      .select('admin_unlocked_until')
      .executeTakeFirstOrThrow();
    expect(session.admin_unlocked_until).toBe(right.data.unlocked_until);
  });
});

describe('login log', () => {
  it('shows every sign-in with device and IP, newest first', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: '01077770006', f_name: '로그인' });
    await login(t, '01077770006', 'device-one-1111');
    await login(t, '01077770006', 'device-two-2222');
    const admin = await adminToken(t, '7');
    const res = await t.call<{ total: number; list: Array<{ f_device_id: string; f_name: string }> }>(
      '/admin/getLoginLog',
      {
        token: admin,
        body: { phone: '0107777' },
      },
    );
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((r) => r.f_device_id)).toEqual(['device-two-2222', 'device-one-1111']);
  });
});
