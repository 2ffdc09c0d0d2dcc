import { afterEach, describe, expect, it } from 'vitest';
import { AdminTab } from '../../sync/admin-tabs.ts';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const memberTab = String(AdminTab.member);

async function admin(t: TestApp, { phone, authority }: { phone: string; authority: string }) {
  const userIdx = await insertUser(t, { f_phone: phone, f_type: 'A', f_admin_authority: authority });
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `admin-device-${userIdx}` }) };
}

async function points(t: TestApp, userIdx: number): Promise<number> {
  return (await t.handle.value('SELECT f_point FROM users WHERE f_idx = ?', userIdx)) as number;
}

describe("an admin opening a member's view", () => {
  it('cannot open another admin to borrow the point tab, so no points are given through it', async () => {
    t = await createTestApp();
    await superAdminToken(t);
    const memberOnly = await admin(t, { phone: '01090000001', authority: memberTab });
    const pointAdmin = await admin(t, {
      phone: '01090000002',
      authority: `${AdminTab.point},${AdminTab.member}`,
    });
    const agent = await insertUser(t, { f_phone: '01090000003' });

    // The point tab is refused to him directly.
    const direct = await t.call('/purchase/addPoint', {
      token: memberOnly.token,
      body: { user_idx: agent, point: 50_000 },
    });
    expect(direct.status).toBe(403);

    for (const body of [
      { phone_number: '010-9000-0002', type: 'phone' },
      { phone_number: t.deps.config.superAdminPhone, type: 'phone' },
    ]) {
      const opened = await t.call('/admin/adminLogin', { token: memberOnly.token, body });
      expect(opened.code).toBe(ResultCode.apiError);
      expect(opened.status).toBe(403);
    }
    const sessions = await t.handle.value(
      'SELECT COUNT(*) FROM sessions WHERE f_user_idx = ?',
      pointAdmin.userIdx,
    );
    expect(sessions).toBe(1);
    expect(await points(t, agent)).toBe(0);
  });

  it('acts as the member and nothing more, is marked with the admin who opened it, and is logged', async () => {
    t = await createTestApp();
    const opener = await admin(t, { phone: '01090000001', authority: `${memberTab},${AdminTab.point}` });
    const agent = await insertUser(t, { f_phone: '01090000003', f_point: 1000 });
    const opened = await t.call<{ access_token: string; uid: number }>('/admin/adminLogin', {
      token: opener.token,
      body: { phone_number: '010-9000-0003', type: 'phone' },
    });
    expect(opened.code).toBe(0);
    expect(opened.data.uid).toBe(agent);
    const view = opened.data.access_token;

    const profile = await t.call<{ is_admin: boolean; admin_authority: number[] }>('/user/getProfile', {
      token: view,
      deviceId: `admin-device-${opener.userIdx}`,
    });
    expect(profile.data).toMatchObject({ is_admin: false, admin_authority: [] });
    // The member's view never opens the lock or gives points, though the admin could.
    const lock = await t.call('/admin/openAdminLock', {
      token: view,
      body: { password: 'admin1234' },
      deviceId: `admin-device-${opener.userIdx}`,
    });
    expect(lock.status).toBe(403);
    const give = await t.call('/purchase/addPoint', {
      token: view,
      body: { user_idx: agent, point: 5000 },
      deviceId: `admin-device-${opener.userIdx}`,
    });
    expect(give.status).toBe(403);
    expect(await points(t, agent)).toBe(1000);

    // Made an admin later, the member's view opened before still carries no authority.
    const superToken = await superAdminToken(t);
    await t.call('/admin/updateAdminAuthority', {
      token: superToken,
      body: { user_idx: agent, authority: `${AdminTab.point}` },
    });
    const later = await t.call<{ is_admin: boolean }>('/user/getProfile', {
      token: view,
      deviceId: `admin-device-${opener.userIdx}`,
    });
    expect(later.data.is_admin).toBe(false);

    const marked = await t.handle.values(
      'SELECT f_by_admin FROM sessions WHERE f_user_idx = ? AND f_by_admin IS NOT NULL',
      agent,
    );
    expect(marked).toEqual([opener.userIdx]);
    const audit = await t.handle.all(
      "SELECT f_admin_idx, f_target_idx FROM admin_audit WHERE f_action = 'member_view_opened'",
    );
    expect(audit).toEqual([{ f_admin_idx: opener.userIdx, f_target_idx: agent }]);
    const logged = await t.handle.values('SELECT f_by_admin FROM login_logs WHERE f_user_idx = ?', agent);
    expect(logged).toEqual([opener.userIdx]);
  });
});

describe("an admin opening a member's view by a listing's number (adminLogin type maemul)", () => {
  it('opens the view of the member who owns the listing, with the same rules and trace as by phone', async () => {
    t = await createTestApp();
    await superAdminToken(t);
    const opener = await admin(t, { phone: '01090000001', authority: memberTab });
    const owner = await insertUser(t, { f_phone: '01090000003', f_name: '이수진' });
    const listing = await insertSite(t, { userIdx: owner });
    const byListing = (phone_number: string) =>
      t.call<{ access_token: string; uid: number }>('/admin/adminLogin', {
        token: opener.token,
        body: { phone_number, type: 'maemul' },
      });

    const opened = await byListing(` ${listing} `);
    expect(opened.code).toBe(0);
    expect(opened.data.uid).toBe(owner);
    const profile = await t.call<{ uid: number; is_admin: boolean }>('/user/getProfile', {
      token: opened.data.access_token,
      deviceId: `admin-device-${opener.userIdx}`,
    });
    expect(profile.data).toMatchObject({ uid: owner, is_admin: false });
    const audit = (await t.handle.all(
      "SELECT f_target_idx, f_detail FROM admin_audit WHERE f_action = 'member_view_opened'",
    )) as Array<{ f_target_idx: number; f_detail: string }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]?.f_target_idx).toBe(owner);
    expect(JSON.parse(audit[0]?.f_detail ?? '{}')).toMatchObject({ type: 'maemul', key: String(listing) });

    // Unknown and malformed numbers, an admin's listing, a withdrawn owner's: no view, no session.
    const sessionsBefore = await t.handle.value('SELECT COUNT(*) FROM sessions');
    const unknown = await byListing(String(listing + 1000));
    expect(unknown.msg).toBe('해당 현장 번호를 찾을 수 없습니다.');
    expect((await byListing('12a')).code).toBe(ResultCode.badParameter);
    const adminListing = await insertSite(t, { userIdx: opener.userIdx });
    expect((await byListing(String(adminListing))).status).toBe(403);
    const leaver = await insertUser(t, {
      f_phone: '01090000004',
      f_withdrawn_time: '2026-11-01T00:00:00.000Z',
    });
    const leaversListing = await insertSite(t, { userIdx: leaver, f_status: 'D' });
    const gone = await byListing(String(leaversListing));
    expect(gone.code).not.toBe(0);
    expect(gone.msg).toBe('회원을 찾을 수 없습니다.');
    expect(await t.handle.value('SELECT COUNT(*) FROM sessions')).toBe(sessionsBefore);
  });
});

describe("a member's view an admin opened", () => {
  it('ends when its admin loses the admin rights or is blocked, and never lasts a month', async () => {
    t = await createTestApp();
    const superToken = await superAdminToken(t);
    const opener = await admin(t, { phone: '01090000001', authority: memberTab });
    await insertUser(t, { f_phone: '01090000003' });
    const open = async () => {
      const res = await t.call<{ access_token: string }>('/admin/adminLogin', {
        token: opener.token,
        body: { phone_number: '010-9000-0003', type: 'phone' },
      });
      expect(res.code).toBe(0);
      return res.data.access_token;
    };
    // The view works from the admin's own device, where it was opened.
    const works = async (view: string) =>
      (await t.call('/user/getProfile', { token: view, deviceId: `admin-device-${opener.userIdx}` })).code ===
      0;

    const view = await open();
    expect(await works(view)).toBe(true);
    const expires = (await t.handle.row(
      'SELECT expires_at, created_at FROM sessions WHERE f_by_admin IS NOT NULL',
    )) as { expires_at: string; created_at: string };
    expect(Date.parse(expires.expires_at) - Date.parse(expires.created_at)).toBeLessThanOrEqual(86_400_000);

    // Blocked, the admin's view goes with the admin's own session.
    await t.handle.all("UPDATE users SET f_status = 'B' WHERE f_idx = ?", opener.userIdx);
    expect(await works(view)).toBe(false);
    await t.handle.all("UPDATE users SET f_status = 'N' WHERE f_idx = ?", opener.userIdx);

    // Stripped of every tab, the admin keeps no way in through a view opened before.
    const again = await open();
    await t.call('/admin/updateAdminAuthority', {
      token: superToken,
      body: { user_idx: opener.userIdx, authority: '' },
    });
    expect(await works(again)).toBe(false);
  });
});

describe('an admin acting on their own account', () => {
  it('cannot lift their own write limit or block, limit or remove themselves', async () => {
    t = await createTestApp();
    const self = await admin(t, { phone: '01090000001', authority: memberTab });
    await t.handle.all(
      "UPDATE users SET f_status = 'WL', f_release_date = '2999-01-01T00:00:00.000Z' WHERE f_idx = ?",
      self.userIdx,
    );
    for (const [path, body] of [
      ['/admin/liftUserLimit', { phone: '010-9000-0001' }],
      ['/admin/blockPhone', { phone: '010-9000-0001' }],
      ['/admin/removeUserFromDB', { phone: '010-9000-0001' }],
    ] as const) {
      const refused = await t.call(path, { token: self.token, body });
      expect(refused.status, path).toBe(403);
      expect(refused.msg).toBe('본인 계정에는 할 수 없습니다.');
    }
    const status = await t.handle.value('SELECT f_status FROM users WHERE f_idx = ?', self.userIdx);
    expect(status).toBe('WL');
  });
});

describe('limiting, blocking and removing an admin', () => {
  it('is refused to an admin who does not hold every tab of the target, and allowed to one who does', async () => {
    t = await createTestApp();
    const memberOnly = await admin(t, { phone: '01090000001', authority: memberTab });
    const broader = await admin(t, { phone: '01090000002', authority: `${memberTab},${AdminTab.point}` });
    const target = await admin(t, { phone: '01090000003', authority: `${AdminTab.point}` });
    const statusOf = async () =>
      await t.handle.value('SELECT f_status FROM users WHERE f_idx = ?', target.userIdx);

    for (const [path, body] of [
      ['/admin/changeUserStatus', { phone: '010-9000-0003', status: 'WL' }],
      ['/admin/blockPhone', { phone: '010-9000-0003' }],
      ['/admin/removeUserFromDB', { phone: '010-9000-0003' }],
    ] as const) {
      const refused = await t.call(path, { token: memberOnly.token, body });
      expect(refused.status, path).toBe(403);
      expect(refused.msg).toBe('더 많은 권한을 가진 관리자는 제한하거나 차단할 수 없습니다.');
    }
    expect(await statusOf()).toBe('N');
    const allowed = await t.call('/admin/changeUserStatus', {
      token: broader.token,
      body: { phone: '010-9000-0003', status: 'WL' },
    });
    expect(allowed.code).toBe(0);
    expect(await statusOf()).toBe('WL');
  });
});

describe('the admin lock', () => {
  it('closes for ten minutes after five wrong passwords in ten minutes, for that admin alone, and says so', async () => {
    const clock = fixedClock('2026-11-24T01:00:00.000Z');
    t = await createTestApp({ clock });
    const guesser = await admin(t, { phone: '01090000001', authority: memberTab });
    const other = await admin(t, { phone: '01090000002', authority: memberTab });
    const open = (token: string, password: string) =>
      t.call('/admin/openAdminLock', { token, body: { password } });

    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      const wrong = await open(guesser.token, `guess-${i}`);
      expect(wrong.msg).toBe('관리자 비밀번호가 올바르지 않습니다.');
    }
    const refused = await open(guesser.token, 'admin1234');
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('관리자 비밀번호를 여러 번 틀렸습니다. 10분 후에 다시 시도해 주세요.');
    expect((await open(other.token, 'admin1234')).code).toBe(0);

    clock.advance(9 * 60_000);
    expect((await open(guesser.token, 'admin1234')).status).toBe(429);
    clock.advance(60_000);
    expect((await open(guesser.token, 'admin1234')).code).toBe(0);

    const throttled = await t.handle.values(
      "SELECT f_admin_idx FROM admin_audit WHERE f_action = 'lock_throttled'",
    );
    expect(throttled).toEqual([guesser.userIdx]);
  });

  it('reads no more than five of thirty wrong passwords sent at once', async () => {
    t = await createTestApp();
    const burst = await admin(t, { phone: '01090000001', authority: memberTab });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('/admin/openAdminLock', { token: burst.token, body: { password: `guess-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25);
    const failures = await t.handle.value('SELECT COUNT(*) FROM admin_lock_failures');
    expect(failures).toBe(5);
  });

  it('counts wrong passwords only within ten minutes of each other', async () => {
    const clock = fixedClock('2026-11-24T01:00:00.000Z');
    t = await createTestApp({ clock });
    const slow = await admin(t, { phone: '01090000001', authority: memberTab });
    for (let i = 0; i < 6; i++) {
      clock.advance(3 * 60_000);
      await t.call('/admin/openAdminLock', { token: slow.token, body: { password: `guess-${i}` } });
    }
    const right = await t.call('/admin/openAdminLock', {
      token: slow.token,
      body: { password: 'admin1234' },
    });
    expect(right.code).toBe(0);
  });
});
