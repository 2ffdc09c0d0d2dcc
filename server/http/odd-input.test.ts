import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { PROTOCOL_VERSION } from '../../sync/protocol.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { insertSite, pushAnswer } from '../testing/sync-fixtures.ts';

/** The odd inputs of the security report, one by one, as a member or an admin would send them. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function setUp() {
  t = await createTestApp();
  const admin = await superAdminToken(t);
  const memberIdx = await insertUser(t, { f_usage_date: '2099-01-01T00:00:00.000Z' });
  const member = await insertSession(t, { userIdx: memberIdx });
  await insertSite(t, { userIdx: memberIdx, f_name: '보이는 현장' });
  return { admin, member, memberIdx };
}

/** The list calls the report named, with the field that carries their page or offset. */
const lists: Array<{ path: string; field: string; admin?: boolean; body?: Record<string, unknown> }> = [
  { path: '/purchase/getPointLog', field: 'page_num' },
  { path: '/site/findSiteListByName', field: 'page_num' },
  { path: '/site/getMySiteList', field: 'page_num' },
  { path: '/site/getRecentViewSiteList', field: 'page_num' },
  { path: '/site/getLikeSiteList', field: 'page_num' },
  { path: '/site/getSiteOfGroup', field: 'page_num' },
  { path: '/admin/getPendingUserList', field: 'offset', admin: true },
  { path: '/admin/findUserListByPhone', field: 'page', admin: true },
  { path: '/admin/getLoginLog', field: 'page', admin: true },
  { path: '/admin/getMemberPointLog', field: 'page_num', admin: true, body: { user_idx: 1 } },
  { path: '/admin/getMemberUsageLog', field: 'page_num', admin: true, body: { user_idx: 1 } },
  { path: '/admin/findSiteByStatus', field: 'page_num', admin: true, body: { type: 'D' } },
];

describe('the reported odd inputs', () => {
  it('gives -4, never 500, to a page number or offset above the 64-bit range on every list call', async () => {
    const { admin, member } = await setUp();
    for (const { path, field, admin: asAdmin, body = {} } of lists) {
      const token = asAdmin ? admin : member;
      const fields = JSON.stringify(body).slice(1, -1);
      for (const huge of ['99999999999999999999999', '"99999999999999999999999"', '1e400', '-1e400']) {
        const raw = `{${fields}${fields ? ',' : ''}"${field}":${huge}}`;
        const res = await t.call(path, { token, raw });
        expect({ path, huge, code: res.code, status: res.status }).toEqual({
          path,
          huge,
          code: ResultCode.badParameter,
          status: 400,
        });
      }
    }
  });

  it('refuses a NUL in a keyword with -4 in the name search and the map search', async () => {
    const { member } = await setUp();
    const byName = await t.call('/site/findSiteListByName', {
      token: member,
      body: { search_key: '보이는\u0000현장' },
    });
    expect(byName).toMatchObject({ status: 400, code: ResultCode.badParameter });
    expect(byName.data).toMatchObject({ field: 'search_key' });
    expect(byName.msg).toContain('검색어');
    const onMap = await t.call('/site/searchSiteForMap_app', {
      token: member,
      body: { keyword: '보이는\u0000현장', use_keyword: 'Y' },
    });
    expect(onMap).toMatchObject({ status: 400, code: ResultCode.badParameter });
    expect(onMap.data).toMatchObject({ field: 'keyword' });
    expect(onMap.msg).toContain('검색어');
  });

  it('quotes at most the first part of a 1 MB input in a -4, online and in a push result alike', async () => {
    const { member } = await setUp();
    const huge = 'x'.repeat(1_000_000 - 100);
    // Valibot's own message for a format repeats the value it received.
    const online = await t.call('/purchase/buyPoint', {
      token: member,
      body: { merchant_uid: huge, imp_uid: 'imp_1' },
    });
    expect(online.code).toBe(ResultCode.badParameter);
    expect(online.msg.length).toBeLessThan(400);
    expect(online.msg).toContain('…');
    const pushed = pushAnswer(
      await t.call('/sync/push', {
        token: member,
        body: {
          protocol_version: PROTOCOL_VERSION,
          client_id: 'client-aaaaaaaa',
          mutations: [
            {
              seq: 1,
              id: 'mutation-aaaaaaaa',
              name: 'saveSiteDraft',
              args: { draft_id: 'draft-aaaaaaaa', site_type: huge.slice(0, 900_000), changes: {} },
              created_at: '2024-01-01T00:00:00.000Z',
            },
          ],
        },
      }),
    );
    expect(pushed.data.results[0]?.code).toBe(ResultCode.badParameter);
    expect(pushed.data.results[0]?.msg.length).toBeLessThan(400);
    expect(pushed.data.results[0]?.msg).toContain('…');
  });

  it('refuses a field the call does not take, naming it, and does not act on the rest', async () => {
    const { member } = await setUp();
    const before = t.changes();
    const res = await t.call('/user/logout', { token: member, body: { everywhere: 'Y' } });
    expect(res).toMatchObject({ status: 400, code: ResultCode.badParameter, data: { field: 'everywhere' } });
    expect(t.changes()).toBe(before);
    expect((await t.call('/user/getProfile', { token: member })).code).toBe(ResultCode.ok);
  });

  it('refuses control characters in any text with -4 and keeps line breaks of a memo', async () => {
    const { member } = await setUp();
    const siteIdx = (
      await t.call<{ list: Array<{ f_idx: number }> }>('/site/getMySiteList', { token: member })
    ).data.list[0]?.f_idx;
    const bell = await t.call('/site/addSiteMemo', {
      token: member,
      body: { site_idx: siteIdx, memo: 'a\u0007b' },
    });
    expect(bell).toMatchObject({ code: ResultCode.badParameter, data: { field: 'memo' } });
    const lines = await t.call('/site/addSiteMemo', {
      token: member,
      body: { site_idx: siteIdx, memo: '첫 줄\r\n둘째 줄\t끝' },
    });
    expect(lines.code).toBe(ResultCode.ok);
  });
});
