import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { addGroupMember, createGroup } from '../../server/groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { localSiteDetail, localSitePage } from '../../src/features/sites/common/local-sites.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';

/**
 * Offline, the detail and the lists come from the device's store. They must say what the
 * server says for the same data: each case pulls the member's scope, then compares.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function setup() {
  const clock = fixedClock('2026-03-01T00:00:00Z');
  t = await createTestApp({ clock });
  const me = await insertUser(t);
  const owner = await insertUser(t);
  const token = await insertSession(t, { userIdx: me });
  const call = async <T>({ path, body }: { path: string; body: object }) => {
    const res = await t.call<T>(path, { token, body });
    if (res.code !== 0) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const { engine, db } = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token });
  dbs.push(db);
  return { clock, me, owner, call, engine, db };
}

const ids = (page: SitePage) => page.list.map((s) => s.f_idx);

describe('the device’s copy of the site lists', () => {
  it('lists recently viewed and favourite sites in the server’s order', async () => {
    const { clock, owner, call, engine, db, me } = await setup();
    const sites = [];
    for (let i = 0; i < 4; i++) sites.push(await insertSite(t, { userIdx: owner, f_name: `현장 ${i}` }));
    for (const site of [sites[2], sites[0], sites[3], sites[2]]) {
      clock.advance(1000);
      await call({ path: '/site/getSiteDetail', body: { site_idx: site } });
    }
    for (const site of [sites[1], sites[3]]) {
      clock.advance(1000);
      await call({ path: '/site/setLikeSite', body: { site_idx: site, like_status: 'Y' } });
    }
    await engine.sync();
    for (const kind of ['recent', 'like'] as const) {
      const server = await call<SitePage>({
        path: kind === 'recent' ? '/site/getRecentViewSiteList' : '/site/getLikeSiteList',
        body: {},
      });
      const local = await localSitePage({ list: { kind }, uid: me, page: 1, db });
      expect(ids(local), kind).toEqual(ids(server));
      expect(
        local.list.map((s) => [s.f_like, s.f_time]),
        kind,
      ).toEqual(server.list.map((s) => [s.f_like, s.f_time]));
    }
  });

  it('lists my sites by kind and keyword, and group sites, as the server does', async () => {
    const { clock, owner, call, engine, db, me } = await setup();
    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: owner, now: clock.now() });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: me, now: clock.now() });
    for (const [name, kind] of [
      ['역삼 래미안', 'O'],
      ['역삼 빌라', 'G'],
      ['판교 자이', 'O'],
    ] as const) {
      clock.advance(1000);
      await insertSite(t, {
        userIdx: me,
        f_name: name,
        f_site_type: kind,
        f_reg_time: clock.now().toISOString(),
      });
    }
    await insertSite(t, { userIdx: owner, f_name: '그룹 현장', f_group_idx: group });
    await engine.sync();
    for (const [siteType, keyword] of [
      ['A', ''],
      ['O', ''],
      ['A', '역삼'],
      ['G', '역삼'],
    ] as const) {
      const server = await call<SitePage>({
        path: '/site/getMySiteList',
        body: {
          site_type: siteType,
          search_key: keyword,
        },
      });
      const local = await localSitePage({ list: { kind: 'mine', siteType, keyword }, uid: me, page: 1, db });
      expect(ids(local), `${siteType} ${keyword}`).toEqual(ids(server));
    }
    const server = await call<SitePage>({ path: '/site/getSiteOfGroup', body: {} });
    const local = await localSitePage({
      list: { kind: 'group', keyword: '', onlyNewOpen: false },
      uid: me,
      page: 1,
      db,
    });
    expect(ids(local)).toEqual(ids(server));
  });

  it('offers for a report, offline, the new-open sites on the device that the server offers by that name', async () => {
    const { owner, call, engine, db, me } = await setup();
    const viewed = [
      await insertSite(t, { userIdx: owner, f_name: '역삼 래미안', f_site_type: 'O' }),
      await insertSite(t, { userIdx: owner, f_name: '역삼 빌라', f_site_type: 'G' }),
      await insertSite(t, { userIdx: me, f_name: '역삼 자이', f_site_type: 'O' }),
    ];
    for (const site of viewed) await call({ path: '/site/getSiteDetail', body: { site_idx: site } });
    // A site the device never received is the server's alone to offer.
    await insertSite(t, { userIdx: owner, f_name: '역삼 센트럴', f_site_type: 'O' });
    await engine.sync();
    const server = await call<SitePage>({
      path: '/report/getSiteListForReport',
      body: { site_name: '역삼' },
    });
    const local = await localSitePage({
      list: { kind: 'device', siteType: 'O', keyword: '역삼' },
      uid: me,
      page: 1,
      db,
    });
    expect(ids(local).sort()).toEqual([viewed[0], viewed[2]].sort());
    expect(ids(server)).toEqual(expect.arrayContaining(ids(local)));
  });
});

describe('the device’s copy of the site detail', () => {
  it('has the server’s contacts, buildings, units, area types, memo and like', async () => {
    const { owner, call, engine, db, me } = await setup();
    const site = await insertSite(t, {
      userIdx: owner,
      f_name: '래미안',
      f_image_urls: '["/uploads/a.webp"]',
    });
    await t.deps.db
      .insertInto('site_contacts')
      .values({ f_site_idx: site, f_name: '김분양', f_phone: '01012345678' })
      .execute();
    await t.deps.db
      .insertInto('site_rooms')
      .values({ f_site_idx: site, f_room: 3, f_exclusive_size: 84 })
      .execute();
    const dong = await t.deps.db
      .insertInto('dongs')
      .values({ f_site_idx: site, f_dong: '101동', f_floor_count: 1, f_units_per_floor: 2 })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    for (const [ho, complete] of [
      ['101', 'Y'],
      ['102', 'N'],
    ] as const) {
      await t.deps.db
        .insertInto('hos')
        .values({ f_site_idx: site, f_dong_idx: dong.f_idx, f_floor: 1, f_ho: ho, f_complete: complete })
        .execute();
    }
    await call({ path: '/site/setLikeSite', body: { site_idx: site, like_status: 'Y' } });
    await call({
      path: '/site/addSiteMemo',
      body: { site_idx: site, memo: '메모', memo_images: ['/uploads/m.webp'] },
    });
    const server = await call<SiteDetail>({ path: '/site/getSiteDetail', body: { site_idx: site } });
    await engine.sync();
    const local = await localSiteDetail({ siteIdx: site, uid: me, isAdmin: false, db });
    if (!local) throw new Error('the site is not on the device');
    const pick = (d: SiteDetail) => ({
      name: d.common.f_name,
      like: d.common.f_like,
      images: d.common.f_image_urls,
      contacts: d.contact_list,
      dongs: d.dong_list,
      units: d.ho_list.map((h) => [h.f_idx, h.f_dong_idx, h.f_ho, h.f_complete]),
      rooms: d.room_list,
      memo: [d.memo, d.memo_images],
      permissions: d.permissions,
    });
    expect(pick(local)).toEqual(pick(server));
    expect(await localSiteDetail({ siteIdx: 999, uid: me, isAdmin: false, db })).toBeNull();
  });
});
