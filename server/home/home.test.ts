import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '../../sync/api/home.api.ts';
import type { AdminAd } from '../../sync/api/home-admin.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import type { AppInfo } from '../../sync/api/system.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { ensureAreasIn } from '../areas/areas.seed.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

/** Spec §2 Home, §3 App settings, Ad, Home setting, §7 getHomeData, interestSiteList, updateAppInfo, ads calls. */

const clock = fixedClock('2026-11-20T03:00:00Z');
let t: TestApp;
let admin: string;
let lockedAdmin: string;
let agent: string;
let agentIdx: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await superAdminToken(t);
  const infoAdmin = await insertUser(t, { f_type: 'A', f_admin_authority: '5,6' });
  lockedAdmin = await insertSession(t, { userIdx: infoAdmin, deviceId: 'info-admin' });
  agentIdx = await insertUser(t);
  agent = await insertSession(t, { userIdx: agentIdx, deviceId: 'agent' });
});

afterAll(async () => {
  await t?.close();
});

const home = async () => (await t.call<HomeData>('/user/getHomeData', { token: agent })).data;

function audits(action: string): Promise<Array<{ f_admin_idx: number; f_detail: string }>> {
  return t.handle.all(
    'SELECT f_admin_idx, f_detail FROM admin_audit WHERE f_action = ? ORDER BY f_idx',
    action,
  );
}

describe('app settings (updateAppInfo)', () => {
  it('changes the home title an agent sees and logs the admin with the old and new value', async () => {
    const res = await t.call<AppInfo>('/admin/updateAppInfo', {
      token: lockedAdmin,
      body: { param_name: 'home_title', value: '  분양톡 플러스 ' },
    });
    expect(res.code).toBe(ResultCode.ok);
    expect(res.data.home_title).toBe('분양톡 플러스');
    expect((await home()).home_setting.f_home_title).toBe('분양톡 플러스');
    const line = (await audits('app_setting_changed')).at(-1);
    expect(JSON.parse(line?.f_detail ?? '{}')).toEqual({
      param: 'home_title',
      old: '분양톡',
      new: '분양톡 플러스',
    });
  });

  it.each([
    ['ads_duration_sec', '0'],
    ['ads_duration_sec', '61'],
    ['ads_duration_sec', 'ten'],
    ['ads_mode', 'X'],
    ['ticket_show', 'yes'],
    ['version_name', 'one'],
    ['home_title', '   '],
    ['search_hint', 'x'.repeat(51)],
  ])('refuses %s = %j as a bad value, writing nothing', async (param_name, value) => {
    const before = t.changes();
    const res = await t.call('/admin/updateAppInfo', { token: admin, body: { param_name, value } });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toContain('value');
    expect(t.changes()).toBe(before);
  });

  it('refuses a point cost while the admin lock is closed and takes it once open', async () => {
    const body = { param_name: 'community_push_point', value: '2500' };
    const before = t.changes();
    const refused = await t.call('/admin/updateAppInfo', { token: lockedAdmin, body });
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.status).toBe(403);
    expect(t.changes()).toBe(before);
    const taken = await t.call<AppInfo>('/admin/updateAppInfo', { token: admin, body });
    expect(taken.data.community_push_point).toBe(2500);
  });

  it('sets the ads duration the home reads', async () => {
    await t.call('/admin/updateAppInfo', {
      token: admin,
      body: { param_name: 'ads_duration_sec', value: '007' },
    });
    expect((await home()).home_setting.f_ads_duration_sec).toBe(7);
  });
});

describe('ads', () => {
  const set = (path: string, body: Record<string, unknown>) =>
    t.call<AdminAd>(`/admin/${path}`, { token: lockedAdmin, body });

  it('shows an ad on the home only with an image and a running period, in slot order', async () => {
    await set('updateAdsImage', { ads_idx: 3, image_url: '/uploads/2026/11/ad-3.webp' });
    expect((await home()).ads).toEqual([]);
    await set('updateAdsPeriod', { ads_idx: 3, period: 2 });
    await set('updateAdsImage', { ads_idx: 1, image_url: '/uploads/2026/11/ad-1.webp' });
    await set('updateAdsPeriod', { ads_idx: 1, period: 5 });
    expect((await home()).ads.map((ad) => ad.f_idx)).toEqual([1, 3]);
    clock.advance(2 * DAY_MS + 1000);
    expect((await home()).ads.map((ad) => ad.f_idx)).toEqual([1]);
    clock.advance(-(2 * DAY_MS + 1000));
  });

  it('adds http:// to a link without it, and keeps https', async () => {
    const plain = await set('updateAdsConnect', {
      ads_idx: 1,
      connect_type: 'L',
      connect_value: 'example.com/sale',
    });
    expect(plain.data.f_connect_value).toBe('http://example.com/sale');
    const secure = await set('updateAdsConnect', {
      ads_idx: 2,
      connect_type: 'L',
      connect_value: 'https://example.com',
    });
    expect(secure.data.f_connect_value).toBe('https://example.com');
  });

  it('needs a site number for a site link and logs each change of a slot', async () => {
    const before = t.changes();
    const refused = await set('updateAdsConnect', { ads_idx: 1, connect_type: 'S', connect_value: 'abc' });
    expect(refused.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
    const siteIdx = await insertSite(t, { userIdx: agentIdx });
    const ok = await set('updateAdsConnect', {
      ads_idx: 1,
      connect_type: 'S',
      connect_value: String(siteIdx),
    });
    expect(ok.data).toMatchObject({ f_connect_type: 'S', f_connect_value: String(siteIdx), showing: true });
    const detail = JSON.parse((await audits('ad_changed')).at(-1)?.f_detail ?? '{}');
    expect(detail).toEqual({
      slot: 1,
      old: { f_connect_type: 'L', f_connect_value: 'http://example.com/sale' },
      new: { f_connect_type: 'S', f_connect_value: String(siteIdx) },
    });
  });

  it('changes the home logo to an image with a link', async () => {
    const res = await t.call('/admin/updateHomeSetting', {
      token: lockedAdmin,
      body: {
        home_content_type: 'I',
        home_content: '/uploads/2026/11/logo.webp',
        home_link_type: 'L',
        home_link_data: 'bunyangtalk.kr',
      },
    });
    expect(res.code).toBe(ResultCode.ok);
    expect((await home()).home_setting).toMatchObject({
      f_home_content_type: 'I',
      f_home_content: '/uploads/2026/11/logo.webp',
      f_home_link_type: 'L',
      f_home_link_data: 'http://bunyangtalk.kr',
    });
    expect(await audits('home_setting_changed')).toHaveLength(1);
  });
});

describe('monthly new sites and regional interest', () => {
  let gangnam: number;
  let busan: number;

  beforeAll(async () => {
    // The area list is reference data the server fills at start.
    await ensureAreasIn({ db: t.deps.db });
    const inMonth = '2026-11-05T01:00:00.000Z';
    // 강남구 (11680) and 부산 해운대구 (26350) new-open sites this month, one general, one last month.
    gangnam = await insertSite(t, { userIdx: agentIdx, f_bjd_code: '1168010100', f_reg_time: inMonth });
    busan = await insertSite(t, { userIdx: agentIdx, f_bjd_code: '2635010100', f_reg_time: inMonth });
    await insertSite(t, {
      userIdx: agentIdx,
      f_site_type: 'G',
      f_bjd_code: '1168010100',
      f_reg_time: inMonth,
    });
    // 31 Oct 23:30 in Seoul is still October.
    await insertSite(t, {
      userIdx: agentIdx,
      f_bjd_code: '1168010100',
      f_reg_time: '2026-10-31T14:30:00.000Z',
    });
  });

  const list = async (type: 'O' | 'G', date: string) =>
    (
      await t.call<SitePage & { by_area: boolean }>('/site/interestSiteList', {
        token: agent,
        body: { type, date },
      })
    ).data;

  it('lists a month’s new sites of one kind, by Seoul month, from every region while none is chosen', async () => {
    const november = await list('O', '2026-11');
    expect(november.by_area).toBe(false);
    expect(november.list.map((s) => s.f_idx)).toEqual(expect.arrayContaining([gangnam, busan]));
    expect(november.list.every((s) => s.f_site_type === 'O')).toBe(true);
    const october = await list('O', '2026-10');
    expect(october.total).toBe(1);
    expect((await list('G', '2026-11')).total).toBe(1);
  });

  it('counts only the chosen regions once a province or a district is chosen', async () => {
    const seoul = await t.call<{ like_count: number }>('/site/setTotalAreaLike', {
      token: agent,
      body: { area_name: '서울특별시', like: 'Y' },
    });
    expect(seoul.data.like_count).toBe(25);
    const november = await list('O', '2026-11');
    expect(november.by_area).toBe(true);
    expect(november.list.map((s) => s.f_idx)).toContain(gangnam);
    expect(november.list.map((s) => s.f_idx)).not.toContain(busan);
    const counts = (await home()).interest_sites;
    expect(counts).toMatchObject({ month: '2026-11', by_area: true, general_count: 1 });

    const areas = await t.call<{ list: Array<{ f_idx: number; f_district: string; f_like: string }> }>(
      '/site/getAreaList',
      { token: agent },
    );
    const gangnamArea = areas.data.list.find((a) => a.f_district === '강남구');
    expect(gangnamArea?.f_like).toBe('Y');
    const dropped = await t.call<{ like_count: number }>('/site/setAreaLike', {
      token: agent,
      body: { area_idx: gangnamArea?.f_idx, like: 'N' },
    });
    expect(dropped.data.like_count).toBe(24);
    expect((await list('O', '2026-11')).list.map((s) => s.f_idx)).not.toContain(gangnam);
  });

  it('answers a province that does not exist with its message, writing nothing', async () => {
    const before = t.changes();
    const res = await t.call('/site/setTotalAreaLike', {
      token: agent,
      body: { area_name: '없는도', like: 'Y' },
    });
    expect(res.status).toBe(404);
    expect(t.changes()).toBe(before);
  });
});
