import { afterEach, describe, expect, it } from 'vitest';
import type { Facility } from '../../sync/public-data/facilities.ts';
import type { LookupAnswer } from '../../sync/public-data/public-data.ts';
import { kakaoFacilitySearch } from '../adapters/facilities/kakao-facilities.ts';
import { fixedClock } from '../clock.ts';
import { agent } from '../reports/reports.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { startStubServer } from '../testing/stub-server.ts';

let t: TestApp;
let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await t?.close();
  await stub?.close();
  stub = undefined;
});

const SITE = { lat: '37.5006', lng: '127.0364' };
const nearby = (token: string, query: Record<string, string> = SITE) =>
  t.call<LookupAnswer<Facility>>('/public/nearbyFacilities', {
    token,
    method: 'GET',
    query,
    headers: { 'accept-language': 'en' },
  });

describe('nearby facilities of a site', () => {
  it('answer every category from the bundled sample without a key, labelled as sample, the same each time', async () => {
    t = await createTestApp({ clock: fixedClock('2026-03-02T01:00:00.000Z') });
    const { token } = await agent(t);
    const res = await nearby(token);
    expect(res.code).toBe(0);
    expect(res.data.source).toBe('sample');
    expect(new Set(res.data.list.map((f) => f.category))).toEqual(
      new Set(['SW8', 'SC4', 'MT1', 'HP8', 'BK9', 'CS2']),
    );
    const schools = res.data.list.filter((f) => f.category === 'SC4').map((f) => f.distance);
    expect(schools).toEqual([...schools].sort((a, b) => a - b));
    expect((await nearby(token)).data.list).toEqual(res.data.list);
  });

  it('ask Kakao once per category and serve a repeat from the cache', async () => {
    stub = await startStubServer((req) => {
      const code = new URL(req.url, 'http://x').searchParams.get('category_group_code');
      return {
        json: {
          meta: { total_count: 1, pageable_count: 1, is_end: true },
          documents: [{ id: code, place_name: `${code} place`, x: '127.0370', y: '37.5010', distance: '64' }],
        },
      };
    });
    const facilities = kakaoFacilitySearch({ baseUrl: stub.url, restKey: 'k', timeoutMs: 2000 });
    t = await createTestApp({ adapters: { facilities } });
    const { token } = await agent(t);
    const res = await nearby(token);
    expect(res.data.source).toBe('provider');
    expect(res.data.list.map((f) => f.name)).toEqual([
      'SW8 place',
      'SC4 place',
      'MT1 place',
      'HP8 place',
      'BK9 place',
      'CS2 place',
    ]);
    expect(stub.requests).toHaveLength(6);
    await nearby(token);
    expect(stub.requests).toHaveLength(6);
  });

  it('say the service is unavailable when Kakao refuses the key', async () => {
    stub = await startStubServer(() => ({
      status: 401,
      json: { errorType: 'AccessDeniedError', message: 'cannot find appkey' },
    }));
    const facilities = kakaoFacilitySearch({ baseUrl: stub.url, restKey: 'bad', timeoutMs: 2000 });
    t = await createTestApp({ adapters: { facilities } });
    const { token } = await agent(t);
    const res = await nearby(token);
    expect(res.code).toBe(-1);
    expect(res.msg).toBe('The public data service is unavailable. Please try again later.');
  });

  it('refuse a point outside Korea and callers who are not approved members', async () => {
    t = await createTestApp();
    const { token } = await agent(t);
    const far = await nearby(token, { lat: '48.85', lng: '2.35' });
    expect(far.code).toBe(-4);
    expect(JSON.stringify(far.data)).toContain('lat');
    const anonymous = await t.call('/public/nearbyFacilities', { method: 'GET', query: SITE });
    expect(anonymous.code).not.toBe(0);
    const waiting = await agent(t, { f_approval: 'R' });
    expect((await nearby(waiting.token)).code).not.toBe(0);
  });
});
