import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../sync/api/page.ts';
import { ResultCode } from '../../sync/codes.ts';
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

/** Every list call of the API (spec §7), with a body that lists something. */
const listCalls: Array<{ path: string; body: (member: number, site: number) => object }> = [
  { path: '/site/getMySiteList', body: () => ({ page_num: 1 }) },
  { path: '/site/getRecentViewSiteList', body: () => ({ page_num: 1 }) },
  { path: '/site/getLikeSiteList', body: () => ({ page_num: 1 }) },
  { path: '/site/getSiteOfGroup', body: () => ({ page_num: 1 }) },
  { path: '/site/findSiteListByName', body: () => ({ page_num: 1 }) },
  { path: '/site/searchSiteListByPos', body: () => ({ lat: 37.5, lng: 127 }) },
  { path: '/admin/findSiteByStatus', body: () => ({ type: 'D', page_num: 1 }) },
  { path: '/purchase/getPointLog', body: () => ({ page_num: 1 }) },
  { path: '/admin/getMemberPointLog', body: (member) => ({ user_idx: member, page_num: 1 }) },
  { path: '/admin/getMemberUsageLog', body: (member) => ({ user_idx: member, page_num: 1 }) },
  { path: '/admin/getPendingUserList', body: () => ({ offset: 0, limit: 20 }) },
  { path: '/admin/findUserListByPhone', body: () => ({ page: 1 }) },
  { path: '/admin/getLoginLog', body: () => ({ page: 1 }) },
  { path: '/admin/getSiteTransfers', body: (_member, site) => ({ site_idx: site, page_num: 1 }) },
  // Sharing a site with a customer.
  { path: '/site/getSiteShareList', body: (_member, site) => ({ site_idx: site, page_num: 1 }) },
  // Groups (spec §7 group calls).
  { path: '/group/getAllGroup', body: () => ({ page_num: 1 }) },
  // Reports
  { path: '/report/getSiteListForReport', body: () => ({ page_num: 1 }) },
  { path: '/report/getReportResultList', body: () => ({ page_num: 1 }) },
  { path: '/report/getUnregisteredReportList', body: () => ({ page_num: 1 }) },
  { path: '/admin/getCompleteReqSite', body: () => ({ page_num: 1 }) },
  { path: '/admin/getSaleReqUserList', body: () => ({ date: 0, page_num: 1 }) },
  { path: '/admin/getReportLog', body: () => ({ page_num: 1 }) },
  // Community and inquiries
  { path: '/community/getCommunityList', body: () => ({ page_num: 1 }) },
  { path: '/community/findCommunityList', body: () => ({ page_num: 1 }) },
  { path: '/community/getCommunityPushList', body: () => ({ page_num: 1 }) },
  { path: '/inquire/getInquireList', body: () => ({ page_num: 1 }) },
  // Notifications
  { path: '/notify/findNotifyList', body: () => ({ page_num: 1 }) },
  { path: '/notify/getMyNotifyList', body: () => ({ page_num: 1 }) },
  { path: '/notify/getAutoNotifyList', body: () => ({ page_num: 1 }) },
  { path: '/notify/getTodayNotifyList', body: () => ({ page_num: 1 }) },
  { path: '/notify/getSiteNotifyList', body: (_member, site) => ({ site_idx: site, page_num: 1 }) },
  // Home: the monthly new sites.
  { path: '/site/interestSiteList', body: () => ({ type: 'O', page_num: 1, date: '2026-11' }) },
];

describe('every list call', () => {
  it.each(listCalls)('$path answers total, page_count, limit and list (spec §7)', async ({ path, body }) => {
    t = await createTestApp();
    const token = await superAdminToken(t);
    const member = await insertUser(t, { f_phone: '01055550001' });
    const site = await insertSite(t, { userIdx: member, f_name: '보이는 현장' });
    const res = await t.call<Page<unknown>>(path, { token, body: body(member, site) });
    expect(res.code).toBe(ResultCode.ok);
    expect(res.data).toEqual(
      expect.objectContaining({
        total: expect.any(Number),
        page_count: Math.ceil(res.data.total / res.data.limit),
        limit: expect.any(Number),
        list: expect.any(Array),
      }),
    );
  });

  it('refuses a page number below 1 or past the largest page with -4', async () => {
    t = await createTestApp();
    const token = await superAdminToken(t);
    for (const page_num of [0, 100_001]) {
      const res = await t.call('/purchase/getPointLog', { token, body: { page_num } });
      expect(res.code).toBe(ResultCode.badParameter);
    }
  });
});

describe('the admin member list (findUserListByPhone)', () => {
  it('starts at page 1 and pages 50 members at a time, newest first', async () => {
    t = await createTestApp();
    const token = await superAdminToken(t);
    for (let i = 1; i <= 51; i++) await insertUser(t, { f_phone: `0104444${String(i).padStart(4, '0')}` });
    const first = await t.call<Page<{ f_phone: string }>>('/admin/findUserListByPhone', { token, body: {} });
    expect(first.data).toMatchObject({ total: 52, page_count: 2, limit: 50 });
    expect(first.data.list[0]?.f_phone).toBe('01044440051');
    const second = await t.call<Page<{ f_phone: string }>>('/admin/findUserListByPhone', {
      token,
      body: { page: 2 },
    });
    expect(second.data.list).toHaveLength(2);
  });
});

describe('applicants under review (getPendingUserList)', () => {
  it('pages by offset and limit and says how many pages of that limit there are', async () => {
    t = await createTestApp();
    const admin = await insertUser(t, { f_type: 'A', f_admin_authority: '1' });
    const token = await insertSession(t, { userIdx: admin });
    for (let i = 1; i <= 3; i++) await insertUser(t, { f_phone: `0103333000${i}`, f_approval: 'P' });
    const res = await t.call<Page<{ f_phone: string }>>('/admin/getPendingUserList', {
      token,
      body: { offset: 2, limit: 2 },
    });
    expect(res.data).toMatchObject({ total: 3, page_count: 2, limit: 2 });
    expect(res.data.list.map((u) => u.f_phone)).toEqual(['01033330003']);
  });
});
