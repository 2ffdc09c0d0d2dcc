import { afterEach, describe, expect, it } from 'vitest';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import type { NewSite } from './sites.tables.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member(overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

/** A new-open site with contacts, an area type, one building of 2 floors × 2 units (one sold). */
async function richSite({
  owner: ownerIdx,
  overrides = {},
}: {
  owner: number;
  overrides?: Partial<NewSite>;
}) {
  const site = await insertSite(t, {
    userIdx: ownerIdx,
    f_name: '래미안 역삼',
    f_transaction_type: '0',
    f_sale_price_min: 50000,
    f_sale_price_max: 62000,
    f_inlay_image_url: '["/uploads/2026/03/inlay.webp"]',
    f_image_urls: '["/uploads/2026/03/a.webp","/uploads/2026/03/b.webp"]',
    ...overrides,
  });
  await t.deps.db
    .insertInto('site_contacts')
    .values([
      { f_site_idx: site, f_name: '김분양', f_phone: '01012345678', f_order: 0 },
      { f_site_idx: site, f_name: '이상담', f_phone: '01087654321', f_order: 1 },
    ])
    .execute();
  await t.deps.db
    .insertInto('site_rooms')
    .values({ f_site_idx: site, f_room: 3, f_exclusive_size: 84, f_exclusive_pyong: 25.41 })
    .execute();
  const dong = await t.deps.db
    .insertInto('dongs')
    .values({ f_site_idx: site, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 2 })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  const units: number[] = [];
  for (const [floor, ho, complete] of [
    [1, '101', 'N'],
    [1, '102', 'Y'],
    [2, '201', 'N'],
    [2, '202', 'N'],
  ] as const) {
    const row = await t.deps.db
      .insertInto('hos')
      .values({
        f_site_idx: site,
        f_dong_idx: dong.f_idx,
        f_floor: floor,
        f_ho: ho,
        f_complete: complete,
        f_trans_type: '0',
        f_sale_price: 50000 + floor * 1000,
        f_exclusive_size: 84,
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    units.push(row.f_idx);
  }
  return { site, dong: dong.f_idx, units };
}

function recentViews(userIdx: number) {
  return t.deps.db
    .selectFrom('site_recent_views')
    .select(['f_site_idx', 'f_view_time'])
    .where('f_user_idx', '=', userIdx)
    .execute();
}

describe('getSiteDetail', () => {
  it('answers the site with contacts, buildings, units, area types, and the caller’s memo and like', async () => {
    const clock = fixedClock('2026-03-10T12:00:00+09:00');
    t = await createTestApp({ clock });
    const owner = await member();
    const viewer = await member();
    const { site, dong, units } = await richSite({ owner: owner.userIdx });
    await t.call('/site/setLikeSite', { token: viewer.token, body: { site_idx: site, like_status: 'Y' } });
    await t.call('/site/addSiteMemo', {
      token: viewer.token,
      body: { site_idx: site, memo: '모델하우스 10시', memo_images: ['/uploads/2026/03/m.webp'] },
    });
    await t.deps.db
      .insertInto('notifications')
      .values({
        f_user_idx: owner.userIdx,
        f_site_idx: site,
        f_reg_time: '2026-03-07T01:00:00.000Z',
        f_update_time: '2026-03-07T01:00:00.000Z',
      })
      .execute();
    const res = await t.call<SiteDetail>('/site/getSiteDetail', {
      token: viewer.token,
      body: { site_idx: site },
    });
    expect(res.code).toBe(0);
    const d = res.data;
    expect(d.common).toMatchObject({ f_idx: site, f_name: '래미안 역삼', f_like: 'Y', f_can_manage: 'N' });
    expect(d.common.f_image_urls).toEqual(['/uploads/2026/03/a.webp', '/uploads/2026/03/b.webp']);
    expect(d.contact_list).toEqual([
      { f_name: '김분양', f_phone: '01012345678' },
      { f_name: '이상담', f_phone: '01087654321' },
    ]);
    expect(d.dong_list).toEqual([
      { f_idx: dong, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 2, f_order: 0 },
    ]);
    expect(d.ho_list.map((h) => [h.f_idx, h.f_dong_idx, h.f_ho, h.f_complete])).toEqual([
      [units[0], dong, '101', 'N'],
      [units[1], dong, '102', 'Y'],
      [units[2], dong, '201', 'N'],
      [units[3], dong, '202', 'N'],
    ]);
    expect(d.room_list).toMatchObject([{ f_room: 3, f_exclusive_size: 84, f_exclusive_pyong: 25.41 }]);
    expect(d.memo).toBe('모델하우스 10시');
    expect(d.memo_images).toEqual(['/uploads/2026/03/m.webp']);
    expect(d.recent_notify_info).toMatchObject({ f_recent_noti_ago_date: 3 });
    expect(d.permissions).toEqual({
      modify: false,
      complete: false,
      report: true,
      manage: false,
      admin: false,
    });
    expect(d).toMatchObject({ isGroupMember: false, isHidden: false, isDeleted: false });
  });

  it('keeps one recent view per site with the latest time, unless asked not to or the caller is an admin', async () => {
    const clock = fixedClock('2026-03-10T12:00:00+09:00');
    t = await createTestApp({ clock });
    const owner = await member();
    const viewer = await member();
    const admin = await member({ f_type: 'A' });
    const { site } = await richSite({ owner: owner.userIdx });
    await t.call('/site/getSiteDetail', { token: viewer.token, body: { site_idx: site } });
    clock.advance(60_000);
    await t.call('/site/getSiteDetail', { token: viewer.token, body: { site_idx: site } });
    expect(await recentViews(viewer.userIdx)).toEqual([
      { f_site_idx: site, f_view_time: clock.now().toISOString() },
    ]);
    const other = await richSite({ owner: owner.userIdx });
    await t.call('/site/getSiteDetail', {
      token: viewer.token,
      body: { site_idx: other.site, skip_log_recent_view: 'Y' },
    });
    await t.call('/site/getSiteDetail', { token: viewer.token, body: { site_idx: other.site, save: 'N' } });
    expect(await recentViews(viewer.userIdx)).toHaveLength(1);
    const byAdmin = await t.call('/site/getSiteDetail', { token: admin.token, body: { site_idx: site } });
    expect(byAdmin.code).toBe(0);
    expect(await recentViews(admin.userIdx)).toEqual([]);
  });

  it('shows private inlay pictures only to those who may modify the site', async () => {
    t = await createTestApp();
    const owner = await member();
    const mate = await member();
    const stranger = await member();
    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: owner.userIdx, now: new Date() });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: mate.userIdx, now: new Date() });
    const { site } = await richSite({
      owner: owner.userIdx,
      overrides: { f_inlay_private: 'Y', f_group_idx: group },
    });
    const inlay = async (token: string) =>
      (await t.call<SiteDetail>('/site/getSiteDetail', { token, body: { site_idx: site } })).data.common
        .f_inlay_image_url;
    expect(await inlay(owner.token)).toEqual(['/uploads/2026/03/inlay.webp']);
    expect(await inlay(mate.token)).toEqual(['/uploads/2026/03/inlay.webp']);
    expect(await inlay(stranger.token)).toEqual([]);
    const { site: open } = await richSite({ owner: owner.userIdx });
    const res = await t.call<SiteDetail>('/site/getSiteDetail', {
      token: stranger.token,
      body: { site_idx: open },
    });
    expect(res.data.common.f_inlay_image_url).toEqual(['/uploads/2026/03/inlay.webp']);
  });

  it('gives the deleted-or-hidden notice for a hidden site to others, and the site with isHidden to its owner', async () => {
    t = await createTestApp();
    const owner = await member();
    const stranger = await member();
    const { site } = await richSite({ owner: owner.userIdx, overrides: { f_hidden: 'Y' } });
    const before = t.changes();
    const refused = await t.call('/site/getSiteDetail', {
      token: stranger.token,
      body: { site_idx: site },
      headers: { 'accept-language': 'en' },
    });
    expect(refused).toMatchObject({
      code: ResultCode.apiError,
      msg: 'This site has been deleted or hidden.',
      data: { reason: 'site_unavailable' },
    });
    expect(t.changes()).toBe(before);
    const mine = await t.call<SiteDetail>('/site/getSiteDetail', {
      token: owner.token,
      body: { site_idx: site },
    });
    expect(mine.data).toMatchObject({ isHidden: true, permissions: { manage: true } });
  });

  it('lets an admin open a deleted site, marked as deleted', async () => {
    t = await createTestApp();
    const owner = await member();
    const admin = await member({ f_type: 'A' });
    const { site } = await richSite({ owner: owner.userIdx, overrides: { f_status: 'D' } });
    const res = await t.call<SiteDetail>('/site/getSiteDetail', {
      token: admin.token,
      body: { site_idx: site },
    });
    expect(res.data).toMatchObject({ isDeleted: true, permissions: { admin: true } });
  });

  it('answers -4 for a missing or malformed site id and writes nothing', async () => {
    t = await createTestApp();
    const viewer = await member();
    const before = t.changes();
    for (const body of [{}, { site_idx: 'abc' }, { site_idx: 0 }, { site_idx: 3, save: 'maybe' }]) {
      const res = await t.call('/site/getSiteDetail', { token: viewer.token, body });
      expect(res.code, JSON.stringify(body)).toBe(ResultCode.badParameter);
    }
    expect(t.changes()).toBe(before);
  });
});

describe('setCompleteHouse', () => {
  it('completes exactly the listed units: the list is the grid as applied', async () => {
    t = await createTestApp();
    const owner = await member();
    const { site, units } = await richSite({ owner: owner.userIdx });
    const res = await t.call('/site/setCompleteHouse', {
      token: owner.token,
      body: { site_idx: site, ho_idx_list: [units[2], units[3]] },
    });
    expect(res).toMatchObject({ code: 0, data: { site_idx: site, completed: 2, total: 4 } });
    const flags = await t.deps.db
      .selectFrom('hos')
      .select('f_complete')
      .where('f_site_idx', '=', site)
      .orderBy('f_idx')
      .execute();
    expect(flags.map((h) => h.f_complete)).toEqual(['N', 'N', 'Y', 'Y']);
    await t.call('/site/setCompleteHouse', { token: owner.token, body: { site_idx: site, ho_idx_list: [] } });
    const completed = await t.deps.db
      .selectFrom('hos')
      .select('f_idx')
      .where('f_site_idx', '=', site)
      .where('f_complete', '=', 'Y')
      .execute();
    expect(completed).toEqual([]);
  });

  it('refuses a unit of another site with -4 and writes nothing', async () => {
    t = await createTestApp();
    const owner = await member();
    const { site } = await richSite({ owner: owner.userIdx });
    const other = await richSite({ owner: owner.userIdx });
    const before = t.changes();
    const res = await t.call('/site/setCompleteHouse', {
      token: owner.token,
      body: { site_idx: site, ho_idx_list: [other.units[0]] },
    });
    expect(res).toMatchObject({ code: ResultCode.badParameter, data: { field: 'ho_idx_list' } });
    expect(t.changes()).toBe(before);
    const malformed = await t.call('/site/setCompleteHouse', {
      token: owner.token,
      body: { site_idx: site, ho_idx_list: 'all' },
    });
    expect(malformed.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });
});
