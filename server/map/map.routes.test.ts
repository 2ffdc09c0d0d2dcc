import { afterEach, describe, expect, it } from 'vitest';
import type { MapConfig, SiteNameItem } from '../../sync/api/map.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { MapSearchResult, MapSite } from '../../sync/map/query.ts';
import { emptySiteColumns, type NewSite } from '../sites/sites.tables.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { fixtureBounds, insertFixture } from './map.fixture.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const SEARCH = '/site/searchSiteForMap_app';
const future = '2099-01-01T00:00:00.000Z';

async function member(overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, { f_usage_date: future, ...overrides });
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `d-${userIdx}` }) };
}

let siteCounter = 0;
async function site(userIdx: number, values: Partial<NewSite>): Promise<number> {
  siteCounter++;
  const row = await t.deps.db
    .insertInto('sites')
    .values({
      ...emptySiteColumns,
      f_name: `테스트 현장 ${siteCounter}`,
      f_site_type: 'O',
      f_latitude: 37.5,
      f_longitude: 127.03,
      f_user_idx: userIdx,
      f_reg_time: `2026-01-01T00:00:${String(siteCounter % 60).padStart(2, '0')}.000Z`,
      f_update_time: '2026-01-01T00:00:00.000Z',
      ...values,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

describe('who may search the map', () => {
  it('refuses an expired usage ticket with code -1, HTTP 402 and reason ticket_expired', async () => {
    t = await createTestApp();
    const { token } = await member({ f_usage_date: '2020-01-01T00:00:00.000Z' });
    for (const path of [SEARCH, '/site/searchSiteListByPos']) {
      const res = await t.call(path, { token, body: { bounds: fixtureBounds, lat: 37.5, lng: 127 } });
      expect(res.status).toBe(402);
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.data).toEqual({ reason: 'ticket_expired', ticket: 'expired' });
    }
  });

  it('gives a member under review the under-review message', async () => {
    t = await createTestApp();
    const { token } = await member({ f_approval: 'P' });
    const res = await t.call(SEARCH, { token, body: { bounds: fixtureBounds } });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.msg).toContain('심사');
    const en = await t.call(SEARCH, {
      token,
      body: { bounds: fixtureBounds },
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg.toLowerCase()).toContain('review');
  });

  it('needs a session', async () => {
    t = await createTestApp();
    expect((await t.call(SEARCH, { body: { bounds: fixtureBounds } })).code).toBe(ResultCode.tokenEmpty);
  });

  it('lets a member with a ticket, and an admin without one, search', async () => {
    t = await createTestApp();
    const { token } = await member();
    expect((await t.call(SEARCH, { token, body: { bounds: fixtureBounds } })).code).toBe(ResultCode.ok);
    const admin = await member({ f_type: 'A', f_usage_date: null });
    expect((await t.call(SEARCH, { token: admin.token, body: { bounds: fixtureBounds } })).code).toBe(
      ResultCode.ok,
    );
  });

  it('does not put the site-name search behind the ticket', async () => {
    t = await createTestApp();
    const { token } = await member({ f_usage_date: null });
    expect((await t.call('/site/findSiteListByName', { token, body: { search_key: '래미안' } })).code).toBe(
      ResultCode.ok,
    );
  });
});

describe('bad input', () => {
  it.each([
    ['no area', {}, 'bounds'],
    ['a keyword alone without use_keyword', { keyword: '래미안' }, 'bounds'],
    ['inverted bounds', { bounds: { south: 38, west: 127, north: 37, east: 128 } }, 'bounds'],
    ['a latitude off the globe', { bounds: { ...fixtureBounds, north: 91 } }, 'bounds.north'],
    ['a transaction type outside 0-3', { bounds: fixtureBounds, trans_type: [4] }, 'trans_type.0'],
    ['the letter instead of the code', { bounds: fixtureBounds, trans_type: ['T'] }, 'trans_type.0'],
    ['sale minimum above maximum', { bounds: fixtureBounds, sale_min: 50000, sale_max: 100 }, 'sale_min'],
    ['a negative price', { bounds: fixtureBounds, charter_min: -1 }, 'charter_min'],
    ['a radius without its centre', { bounds: fixtureBounds, radius: 1 }, 'radius'],
    ['a radius beyond 20 km', { lat: 37.5, lng: 127, radius: 50 }, 'radius'],
    ['an unknown sort', { bounds: fixtureBounds, sort_price: 'XX' }, 'sort_price'],
    ['a negative offset', { bounds: fixtureBounds, offset: -10 }, 'offset'],
    ['a malformed date', { bounds: fixtureBounds, reg_date_from: '2026-13-01' }, 'reg_date_from'],
    ['a keyword over 50 characters', { bounds: fixtureBounds, keyword: 'ㄱ'.repeat(51) }, 'keyword'],
    ['rooms beyond 10', { bounds: fixtureBounds, room_num: 11 }, 'room_num'],
  ])('refuses %s with -4 naming the field, and writes nothing', async (_name, body, field) => {
    t = await createTestApp();
    const { token } = await member();
    const before = t.changes();
    const res = await t.call(SEARCH, { token, body });
    expect(res.status).toBe(400);
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.data).toMatchObject({ field });
    expect(t.changes()).toBe(before);
  });
});

describe('paging, count and markers', () => {
  it('pages the list by 10 with the total, newest first, without repeats', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await site(userIdx, { f_latitude: 37.5 + i * 0.0001 }));
    const pages: MapSite[][] = [];
    for (const offset of [0, 10, 20, 30]) {
      const res = await t.call<MapSearchResult>(SEARCH, { token, body: { bounds: fixtureBounds, offset } });
      expect(res.data.count).toBe(25);
      expect(res.data.offset).toBe(offset);
      pages.push(res.data.list);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5, 0]);
    expect(pages.flat().map((s) => s.f_idx)).toEqual([...ids].reverse());
  });

  it('gives pins at street zoom and clusters at city zoom, with the same total', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    for (let i = 0; i < 30; i++) await site(userIdx, { f_latitude: 37.48 + i * 0.001, f_longitude: 127.03 });
    const street = await t.call<MapSearchResult>(SEARCH, {
      token,
      body: { bounds: fixtureBounds, zoom_level: 15 },
    });
    expect(street.data.mode).toBe('pins');
    expect(street.data.pins).toHaveLength(30);
    expect(street.data.clusters).toEqual([]);
    const city = await t.call<MapSearchResult>(SEARCH, {
      token,
      body: { bounds: fixtureBounds, zoom_level: 10 },
    });
    expect(city.data.mode).toBe('clusters');
    expect(city.data.pins).toEqual([]);
    expect(city.data.clusters.reduce((n, c) => n + c.count, 0)).toBe(30);
    expect(city.data.count).toBe(30);
    expect(city.data.list).toHaveLength(10);
    // Next pages of the list leave the markers out: the map already has them.
    const next = await t.call<MapSearchResult>(SEARCH, {
      token,
      body: { bounds: fixtureBounds, zoom_level: 15, offset: 10, include_markers: 'N' },
    });
    expect(next.data.pins).toEqual([]);
    expect(next.data.list).toHaveLength(10);
  });

  it('clusters a dense street view rather than sending hundreds of pins', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    await t.deps.db
      .insertInto('sites')
      .values(
        Array.from({ length: 900 }, (_, i) => ({
          f_name: `빌라 ${i}`,
          f_site_type: 'G' as const,
          f_latitude: 37.49 + (i % 30) * 0.0005,
          f_longitude: 127.03 + Math.floor(i / 30) * 0.0005,
          f_user_idx: userIdx,
          f_reg_time: '2026-01-01T00:00:00.000Z',
          f_update_time: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const res = await t.call<MapSearchResult>(SEARCH, {
      token,
      body: { bounds: fixtureBounds, zoom_level: 16 },
    });
    expect(res.data.count).toBe(900);
    expect(res.data.mode).toBe('clusters');
    expect(res.data.clusters.reduce((n, c) => n + c.count, 0)).toBe(900);
  });
});

describe('what the map shows', () => {
  it('keeps hidden, deleted, draft and unregistered sites out, and follows changes to a site', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const shown = await site(userIdx, { f_name: '래미안 보임' });
    await site(userIdx, { f_name: '래미안 숨김', f_hidden: 'Y' });
    await site(userIdx, { f_name: '래미안 삭제', f_status: 'D' });
    await site(userIdx, { f_name: '래미안 임시', f_status: 'P' });
    await site(userIdx, { f_name: '래미안 미등록', f_site_type: 'U' });
    const completed = await site(userIdx, { f_name: '래미안 완료', f_complete: 'Y', f_sale_price_min: 9000 });
    const search = async (body: Record<string, unknown>) =>
      (await t.call<MapSearchResult>(SEARCH, { token, body: { bounds: fixtureBounds, ...body } })).data;

    const found = await search({ keyword: '래미안' });
    expect(found.list.map((s) => s.f_idx).sort()).toEqual([shown, completed].sort());
    // A completed site is listed with its prices masked.
    expect(found.list.find((s) => s.f_idx === completed)).toMatchObject({
      f_complete: 'Y',
      f_sale_price_min: 0,
    });

    await t.deps.db
      .updateTable('sites')
      .set({ f_name: '힐스테이트 새이름' })
      .where('f_idx', '=', shown)
      .execute();
    expect((await search({ keyword: '래미안' })).list.map((s) => s.f_idx)).toEqual([completed]);
    expect((await search({ keyword: '새이름' })).list.map((s) => s.f_idx)).toEqual([shown]);
    expect((await search({ keyword: '새이' })).list.map((s) => s.f_idx)).toEqual([shown]);

    await t.deps.db.updateTable('sites').set({ f_hidden: 'Y' }).where('f_idx', '=', shown).execute();
    expect((await search({ keyword: '새이름' })).count).toBe(0);
    await t.deps.db
      .updateTable('sites')
      .set({ f_hidden: 'N', f_latitude: 37.51 })
      .where('f_idx', '=', shown)
      .execute();
    expect((await search({ keyword: '새이름' })).list[0]?.f_latitude).toBe(37.51);
    await t.deps.db.deleteFrom('sites').where('f_idx', '=', shown).execute();
    expect((await search({ keyword: '새이름' })).count).toBe(0);
  });

  it('finds a keyword of three or more characters and of one or two, anywhere with use_keyword Y', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const near = await site(userIdx, {
      f_name: '강남 센트럴 자이',
      f_address1: '서울특별시 강남구 역삼동 1',
    });
    const far = await site(userIdx, {
      f_name: '분당 자이',
      f_address1: '경기도 성남시 분당구 정자동 2',
      f_latitude: 37.36,
      f_longitude: 127.11,
    });
    const ids = async (body: Record<string, unknown>) =>
      (await t.call<MapSearchResult>(SEARCH, { token, body })).data.list.map((s) => s.f_idx).sort();
    expect(await ids({ bounds: fixtureBounds, keyword: '센트럴' })).toEqual([near]);
    expect(await ids({ bounds: fixtureBounds, keyword: '자이' })).toEqual([near]);
    expect(await ids({ keyword: '자이', use_keyword: 'Y' })).toEqual([near, far].sort());
    expect(await ids({ keyword: '정자동2', use_keyword: 'Y' })).toEqual([far]);
    expect(await ids({ keyword: '동 2', use_keyword: 'Y' })).toEqual([far]);
    expect(await ids({ keyword: '이', use_keyword: 'Y' })).toEqual([near, far].sort());
    expect(await ids({ keyword: '없는', use_keyword: 'Y' })).toEqual([]);
    expect(await ids({ keyword: '"', use_keyword: 'Y' })).toEqual([]);
  });

  it('searches within a radius', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const centre = await site(userIdx, { f_latitude: 37.5, f_longitude: 127.03 });
    const within = await site(userIdx, { f_latitude: 37.5025, f_longitude: 127.03 });
    await site(userIdx, { f_latitude: 37.504, f_longitude: 127.03 });
    const res = await t.call<MapSearchResult>(SEARCH, {
      token,
      body: { lat: 37.5, lng: 127.03, radius: 0.3 },
    });
    expect(res.data.list.map((s) => s.f_idx).sort()).toEqual([centre, within].sort());
  });

  it('lists the sites sharing a pin position', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const a = await site(userIdx, { f_latitude: 37.512345, f_longitude: 127.054321 });
    const b = await site(userIdx, { f_latitude: 37.512345, f_longitude: 127.054321 });
    await site(userIdx, { f_latitude: 37.51235, f_longitude: 127.054321 });
    const res = await t.call<{ list: MapSite[]; count: number }>('/site/searchSiteListByPos', {
      token,
      body: { lat: 37.512345, lng: 127.054321 },
    });
    expect(res.data.count).toBe(2);
    expect(res.data.list.map((s) => s.f_idx).sort()).toEqual([a, b].sort());
  });

  it('marks the caller’s favourites in the list and filters by them', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const fixture = await insertFixture(t, userIdx);
    const res = await t.call<MapSearchResult>(SEARCH, { token, body: { bounds: fixtureBounds } });
    const liked = res.data.list.filter((s) => s.f_like === 'Y').map((s) => fixture.nameOf(s.f_idx));
    expect(liked.sort()).toEqual(['tower', 'xi']);
    // Another member's favourites are theirs.
    const other = await member();
    const theirs = await t.call<MapSearchResult>(SEARCH, {
      token: other.token,
      body: { bounds: fixtureBounds, favorite: 'Y' },
    });
    expect(theirs.data.count).toBe(0);
  });
});

describe('findSiteListByName', () => {
  it('pages visible sites by name 50 at a time, by kind and order, and only updatable ones on request', async () => {
    t = await createTestApp();
    const { userIdx, token } = await member();
    const other = await insertUser(t);
    for (let i = 0; i < 55; i++)
      await site(other, { f_name: `역삼 빌라 ${String(i).padStart(2, '0')}`, f_site_type: 'G' });
    const mine = await site(userIdx, { f_name: '역삼 자이' });
    await site(userIdx, { f_name: '역삼 숨김', f_hidden: 'Y' });
    const call = (body: Record<string, unknown>) =>
      t.call<{ list: SiteNameItem[]; total: number; page_count: number; limit: number }>(
        '/site/findSiteListByName',
        {
          token,
          body,
        },
      );
    const first = await call({ search_key: '역삼' });
    expect(first.data).toMatchObject({ total: 56, page_count: 2, limit: 50 });
    expect(first.data.list).toHaveLength(50);
    expect((await call({ search_key: '역삼', page_num: 2 })).data.list).toHaveLength(6);
    expect((await call({ search_key: '역삼', filter: 'O' })).data.list.map((s) => s.f_idx)).toEqual([mine]);
    const byName = (await call({ search_key: '빌라', order: 'N' })).data.list.map((s) => s.f_name);
    expect(byName.slice(0, 2)).toEqual(['역삼 빌라 00', '역삼 빌라 01']);
    expect((await call({ search_key: '역삼', isUpdate: 'Y' })).data.list.map((s) => s.f_idx)).toEqual([mine]);
    const before = t.changes();
    const bad = await call({ search_key: '역삼', filter: 'X' });
    expect(bad.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });
});

describe('map configuration', () => {
  it('tells the client whether VWorld tiles are configured', async () => {
    t = await createTestApp({ config: { vworldKey: 'ABC-123' } });
    const { token } = await member();
    expect((await t.call<MapConfig>('/map/config', { token, method: 'GET' })).data).toEqual({
      vworld_key: 'ABC-123',
    });
    await t.close();
    t = await createTestApp();
    const again = await member();
    expect((await t.call<MapConfig>('/map/config', { token: again.token, method: 'GET' })).data).toEqual({
      vworld_key: null,
    });
  });
});

describe('the result cache', () => {
  it('shares results between members but never serves one the database has moved past', async () => {
    t = await createTestApp({ config: { mapCacheEntries: 10 } });
    const a = await member();
    const b = await member();
    const first = await site(a.userIdx, { f_name: '캐시 현장' });
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: a.userIdx, f_site_idx: first, f_reg_time: '2026-11-01T00:00:00.000Z' })
      .execute();
    const search = async (token: string) =>
      (await t.call<MapSearchResult>(SEARCH, { token, body: { bounds: fixtureBounds } })).data;
    expect((await search(a.token)).list.map((s) => s.f_like)).toEqual(['Y']);
    // The same search for another member: the shared result, with that member's own likes.
    expect((await search(b.token)).list.map((s) => s.f_like)).toEqual(['N']);
    const second = await site(b.userIdx, { f_name: '새 현장' });
    expect((await search(b.token)).list.map((s) => s.f_idx)).toEqual([second, first]);
    await t.deps.db.updateTable('sites').set({ f_hidden: 'Y' }).where('f_idx', '=', second).execute();
    expect((await search(a.token)).list.map((s) => s.f_idx)).toEqual([first]);
  });
});
