import { afterEach, expect, it } from 'vitest';
import { AdminTab } from '../../sync/admin-tabs.ts';
import type { AdminUser } from '../../sync/api/admin-members.api.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

it("counts a member's community posts and notifications from the data, not removed posts", async () => {
  t = await createTestApp();
  const adminIdx = await insertUser(t, { f_type: 'A', f_admin_authority: String(AdminTab.member) });
  const token = await insertSession(t, { userIdx: adminIdx, deviceId: 'member-tab-admin' });
  const agent = await insertUser(t, { f_phone: '01044445555', f_warned_count: 2, f_charge_point: 30_000 });
  const post = (removed: string | null) =>
    t.handle.all(
      `INSERT INTO community_posts (f_type, f_title, f_content, f_phone, f_user_idx, f_reg_time, f_reg_day, f_removed_time)
       VALUES ('R', '제목', '내용', '01044445555', ?, '2025-01-01T00:00:00.000Z', '2025-01-01', ?)`,
      agent,
      removed,
    );
  await post(null);
  await post(null);
  await post('2025-01-02T00:00:00.000Z');
  for (let i = 0; i < 3; i++)
    await t.handle.all(
      "INSERT INTO notifications (f_user_idx, f_reg_time, f_update_time) VALUES (?, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')",
      agent,
    );

  const detail = await t.call<AdminUser>('/admin/getUserDetail', { token, body: { phone: '01044445555' } });

  expect(detail.code).toBe(0);
  expect(detail.data).toMatchObject({
    f_community_count: 2,
    f_notify_count: 3,
    f_warned_count: 2,
    f_charge_point: 30_000,
  });
});
