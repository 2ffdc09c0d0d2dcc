import { afterEach, describe, expect, it } from 'vitest';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { fixedClock } from '../clock.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member() {
  const userIdx = await insertUser(t);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

const names = (page: SitePage) => page.list.map((s) => s.f_name);

describe('my sale list (getMySiteList)', () => {
  it('pages the caller’s registered sites 50 at a time, newest first, hidden and completed included', async () => {
    const clock = fixedClock('2026-03-01T00:00:00Z');
    t = await createTestApp({ clock });
    const me = await member();
    for (let i = 1; i <= 52; i++) {
      clock.advance(60_000);
      await insertSite(t, {
        userIdx: me.userIdx,
        f_name: `현장 ${i}`,
        f_reg_time: clock.now().toISOString(),
        ...(i === 52 ? { f_hidden: 'Y' as const } : i === 51 ? { f_complete: 'Y' as const } : {}),
      });
    }
    await insertSite(t, { userIdx: me.userIdx, f_name: '임시저장', f_status: 'P' });
    await insertSite(t, { userIdx: me.userIdx, f_name: '삭제됨', f_status: 'D' });
    const first = await t.call<SitePage>('/site/getMySiteList', { token: me.token, body: { page_num: 1 } });
    expect(first.data).toMatchObject({ total: 52, page_count: 2, limit: 50 });
    expect(names(first.data).slice(0, 3)).toEqual(['현장 52', '현장 51', '현장 50']);
    expect(first.data.list[0]).toMatchObject({ f_hidden: 'Y' });
    const second = await t.call<SitePage>('/site/getMySiteList', { token: me.token, body: { page_num: 2 } });
    expect(names(second.data)).toEqual(['현장 2', '현장 1']);
  });

  it('filters by kind and by a keyword in the name or address, spaces ignored', async () => {
    t = await createTestApp();
    const me = await member();
    await insertSite(t, { userIdx: me.userIdx, f_name: '래미안 역삼', f_site_type: 'O' });
    await insertSite(t, {
      userIdx: me.userIdx,
      f_name: '역삼 그린빌',
      f_site_type: 'G',
      f_address1: '서울 강남구 역삼동 1',
    });
    await insertSite(t, {
      userIdx: me.userIdx,
      f_name: '판교 자이',
      f_site_type: 'O',
      f_address1: '경기 성남시',
    });
    const search = async (body: object) =>
      names((await t.call<SitePage>('/site/getMySiteList', { token: me.token, body })).data).sort();
    expect(await search({ site_type: 'G' })).toEqual(['역삼 그린빌']);
    expect(await search({ search_key: '래미 안' })).toEqual(['래미안 역삼']);
    expect(await search({ search_key: '강남구역삼' })).toEqual(['역삼 그린빌']);
    expect(await search({ search_key: '역삼', site_type: 'O' })).toEqual(['래미안 역삼']);
    expect(await search({ search_key: '100%' })).toEqual([]);
  });

  it('counts the visible general sites at 5 days or fewer before auto-hide', async () => {
    t = await createTestApp();
    const me = await member();
    for (const [days, hidden] of [
      [5, 'N'],
      [1, 'N'],
      [6, 'N'],
      [3, 'Y'],
    ] as const) {
      await insertSite(t, {
        userIdx: me.userIdx,
        f_site_type: 'G',
        f_remain_days_till_hide: days,
        f_hidden: hidden,
      });
    }
    const res = await t.call<SitePage & { near_expire_count: number }>('/site/getMySiteList', {
      token: me.token,
      body: { only_near_expire_sales_count: 'Y' },
    });
    expect(res.data).toMatchObject({ near_expire_count: 2, list: [] });
  });
});

describe('interest lists', () => {
  it('lists recently viewed sites latest first and leaves deleted ones out', async () => {
    const clock = fixedClock('2026-03-01T00:00:00Z');
    t = await createTestApp({ clock });
    const owner = await member();
    const me = await member();
    const a = await insertSite(t, { userIdx: owner.userIdx, f_name: 'A' });
    const b = await insertSite(t, { userIdx: owner.userIdx, f_name: 'B' });
    const c = await insertSite(t, { userIdx: owner.userIdx, f_name: 'C' });
    for (const site of [a, b, c, a]) {
      clock.advance(1000);
      await t.call('/site/getSiteDetail', { token: me.token, body: { site_idx: site } });
    }
    await t.deps.db.updateTable('sites').set({ f_status: 'D' }).where('f_idx', '=', c).execute();
    const res = await t.call<SitePage>('/site/getRecentViewSiteList', { token: me.token, body: {} });
    expect(names(res.data)).toEqual(['A', 'B']);
    expect(res.data.list[0]?.f_time).toBe(clock.now().toISOString());
  });

  it('lists favourites latest first with their like flag, and drops one once unliked', async () => {
    t = await createTestApp();
    const owner = await member();
    const me = await member();
    const a = await insertSite(t, { userIdx: owner.userIdx, f_name: 'A' });
    const b = await insertSite(t, { userIdx: owner.userIdx, f_name: 'B' });
    for (const site of [a, b]) {
      await t.call('/site/setLikeSite', { token: me.token, body: { site_idx: site, like_status: 'Y' } });
    }
    const liked = await t.call<SitePage>('/site/getLikeSiteList', { token: me.token, body: { page_num: 1 } });
    expect(liked.data.list.map((s) => [s.f_name, s.f_like])).toEqual(
      expect.arrayContaining([
        ['A', 'Y'],
        ['B', 'Y'],
      ]),
    );
    await t.call('/site/setLikeSite', { token: me.token, body: { site_idx: a, like_status: 'N' } });
    const after = await t.call<SitePage>('/site/getLikeSiteList', { token: me.token, body: {} });
    expect(names(after.data)).toEqual(['B']);
  });
});

describe('group sites (getSiteOfGroup)', () => {
  it('lists the sites of all the caller’s groups, or of one, new-open only when asked', async () => {
    t = await createTestApp();
    const me = await member();
    const mate = await member();
    const now = new Date();
    const g1 = await createGroup({ db: t.deps.db, name: '강남팀', ownerIdx: mate.userIdx, now });
    const g2 = await createGroup({ db: t.deps.db, name: '분당팀', ownerIdx: mate.userIdx, now });
    await addGroupMember({ db: t.deps.db, groupIdx: g1, userIdx: me.userIdx, now });
    await addGroupMember({ db: t.deps.db, groupIdx: g2, userIdx: me.userIdx, now });
    await insertSite(t, { userIdx: mate.userIdx, f_name: '강남 신축', f_group_idx: g1, f_site_type: 'O' });
    await insertSite(t, { userIdx: mate.userIdx, f_name: '분당 빌라', f_group_idx: g2, f_site_type: 'G' });
    await insertSite(t, { userIdx: mate.userIdx, f_name: '공유 안 함' });
    const list = async (body: object) => {
      const res = await t.call<SitePage & { groups: Array<{ f_name: string }> }>('/site/getSiteOfGroup', {
        token: me.token,
        body,
      });
      return { names: names(res.data).sort(), groups: res.data.groups.map((g) => g.f_name) };
    };
    expect(await list({})).toEqual({ names: ['강남 신축', '분당 빌라'], groups: ['강남팀', '분당팀'] });
    expect((await list({ group_idx: g2 })).names).toEqual(['분당 빌라']);
    expect((await list({ is_only_new_open_site: 'Y' })).names).toEqual(['강남 신축']);
    expect((await list({ search_key: '분당' })).names).toEqual(['분당 빌라']);
  });
});
