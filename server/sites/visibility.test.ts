import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSiteItem } from '../../sync/api/site-visibility.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member(overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

function row(site: number) {
  return t.deps.db
    .selectFrom('sites')
    .select(['f_status', 'f_hidden', 'f_remain_days_till_hide as days'])
    .where('f_idx', '=', site)
    .executeTakeFirst();
}

describe('deleting and restoring sites', () => {
  it('moves a deleted site out of the owner’s list; an admin restores it visible with its days started again', async () => {
    t = await createTestApp();
    const owner = await member();
    const admin = await member({ f_type: 'A' });
    const site = await insertSite(t, {
      userIdx: owner.userIdx,
      f_site_type: 'G',
      f_remain_days_till_hide: 2,
    });
    expect((await t.call('/site/removeSite', { token: owner.token, body: { site_idx: site } })).code).toBe(0);
    expect(await row(site)).toEqual({ f_status: 'D', f_hidden: 'N', days: 2 });
    const mine = await t.call<{ total: number }>('/site/getMySiteList', { token: owner.token, body: {} });
    expect(mine.data.total).toBe(0);
    const again = await t.call('/site/removeSite', { token: owner.token, body: { site_idx: site } });
    expect(again.code).toBe(ResultCode.apiError);
    const restored = await t.call('/admin/restoreAndHiddenSite', {
      token: admin.token,
      body: { site_idx: site, hidden: 'N' },
    });
    expect(restored.code).toBe(0);
    expect(await row(site)).toEqual({ f_status: 'N', f_hidden: 'N', days: 30 });
  });

  it('restores and hides: the general site is hidden and shows 15 days', async () => {
    t = await createTestApp();
    const owner = await member();
    const admin = await member({ f_type: 'A' });
    const site = await insertSite(t, { userIdx: owner.userIdx, f_site_type: 'G', f_status: 'D' });
    const res = await t.call('/admin/restoreAndHiddenSite', {
      token: admin.token,
      body: { site_idx: site, hidden: 'Y' },
    });
    expect(res.code).toBe(0);
    expect(await row(site)).toEqual({ f_status: 'N', f_hidden: 'Y', days: 15 });
  });

  it('refuses to restore a site that is not deleted, changing nothing', async () => {
    t = await createTestApp();
    const owner = await member();
    const admin = await member({ f_type: 'A' });
    const site = await insertSite(t, { userIdx: owner.userIdx });
    const before = t.changes();
    const res = await t.call('/admin/restoreAndHiddenSite', { token: admin.token, body: { site_idx: site } });
    expect(res.code).toBe(ResultCode.apiError);
    expect(t.changes()).toBe(before);
  });

  it('deletes a site forever with its units, likes and memos', async () => {
    t = await createTestApp();
    const owner = await member();
    const admin = await member({ f_type: 'A' });
    const site = await insertSite(t, { userIdx: owner.userIdx, f_status: 'D' });
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: owner.userIdx, f_site_idx: site, f_reg_time: 'x' })
      .execute();
    const res = await t.call('/admin/removeSiteForever', { token: admin.token, body: { site_idx: site } });
    expect(res.code).toBe(0);
    expect(await row(site)).toBeUndefined();
    expect(await t.deps.db.selectFrom('site_likes').selectAll().execute()).toEqual([]);
    const missing = await t.call('/admin/removeSiteForever', {
      token: admin.token,
      body: { site_idx: site },
    });
    expect(missing.code).toBe(ResultCode.apiError);
  });
});

describe('the admin site tabs (findSiteByStatus)', () => {
  it('lists deleted, hidden and completed sites by the Seoul day or month they entered the state', async () => {
    const clock = fixedClock('2026-03-31T23:30:00+09:00');
    t = await createTestApp({ clock });
    const owner = await member({ f_name: '이수진' });
    const admin = await member({ f_type: 'A' });
    const a = await insertSite(t, { userIdx: owner.userIdx, f_name: '삭제 3월' });
    const b = await insertSite(t, { userIdx: owner.userIdx, f_name: '숨김 3월' });
    await t.call('/site/removeSite', { token: owner.token, body: { site_idx: a } });
    await t.call('/site/setHideSite', { token: owner.token, body: { site_idx: b, hidden_status: 'Y' } });
    // 00:30 on 1 April in Seoul, still 31 March in UTC.
    clock.set('2026-04-01T00:30:00+09:00');
    const c = await insertSite(t, { userIdx: owner.userIdx, f_name: '삭제 4월' });
    const d = await insertSite(t, { userIdx: owner.userIdx, f_name: '완료 4월' });
    await t.call('/site/removeSite', { token: owner.token, body: { site_idx: c } });
    await t.call('/site/setCompleteSite', {
      token: admin.token,
      body: { site_idx: d, complete_status: 'Y' },
    });
    const tab = async (body: object) => {
      const res = await t.call<{ list: AdminSiteItem[]; total: number }>('/admin/findSiteByStatus', {
        token: admin.token,
        body,
      });
      expect(res.code).toBe(0);
      return res.data;
    };
    expect((await tab({ type: 'D' })).list.map((s) => s.f_name)).toEqual(['삭제 4월', '삭제 3월']);
    expect((await tab({ type: 'D', date: '2026-03' })).list.map((s) => s.f_name)).toEqual(['삭제 3월']);
    expect((await tab({ type: 'D', date: '2026-04-01' })).list.map((s) => s.f_name)).toEqual(['삭제 4월']);
    const hidden = await tab({ type: 'H', date: '2026-03-31' });
    expect(hidden.list).toMatchObject([{ f_name: '숨김 3월', f_hidden_by: 'O', f_owner_name: '이수진' }]);
    expect((await tab({ type: 'C', date: '2026-04' })).list.map((s) => s.f_name)).toEqual(['완료 4월']);
    expect((await tab({ type: 'C', date: '2026-03' })).total).toBe(0);
  });

  it('answers -4 for an unknown tab or a malformed date', async () => {
    t = await createTestApp();
    const admin = await member({ f_type: 'A' });
    for (const body of [{ type: 'X' }, { type: 'D', date: '2026-13' }, { type: 'D', date: '31-03-2026' }]) {
      const res = await t.call('/admin/findSiteByStatus', { token: admin.token, body });
      expect(res.code, JSON.stringify(body)).toBe(ResultCode.badParameter);
    }
  });
});

describe('update-all (updateGeneralSite)', () => {
  it('restarts the days of the caller’s visible general sites and leaves hidden and new-open ones alone', async () => {
    t = await createTestApp();
    const me = await member();
    const low = await insertSite(t, { userIdx: me.userIdx, f_site_type: 'G', f_remain_days_till_hide: 2 });
    const none = await insertSite(t, {
      userIdx: me.userIdx,
      f_site_type: 'G',
      f_remain_days_till_hide: null,
    });
    const hidden = await insertSite(t, {
      userIdx: me.userIdx,
      f_site_type: 'G',
      f_hidden: 'Y',
      f_remain_days_till_hide: 15,
    });
    const newOpen = await insertSite(t, { userIdx: me.userIdx, f_site_type: 'O' });
    const res = await t.call('/site/updateGeneralSite', { token: me.token, body: {} });
    expect(res).toMatchObject({ code: 0, data: { updated: 2, f_remain_days_till_hide: 30 } });
    const rows = await Promise.all([low, none, hidden, newOpen].map((s) => row(s)));
    expect(rows.map((r) => r?.days)).toEqual([30, 30, 15, null]);
  });
});
