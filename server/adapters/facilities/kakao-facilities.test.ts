import { afterEach, describe, expect, it } from 'vitest';
import { type StubRequest, startStubServer } from '../../testing/stub-server.ts';
import { kakaoFacilitySearch } from './kakao-facilities.ts';
import { sampleFacilitySearch } from './sample-facilities.ts';

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const SITE = { lat: 37.5006, lng: 127.0364 };
const kakao = (url: string, timeoutMs = 2000) =>
  kakaoFacilitySearch({ baseUrl: url, restKey: 'rest-key', timeoutMs });
const params = (req: StubRequest | undefined) => new URL(req?.url ?? '/', 'http://x').searchParams;

/** A place as Kakao Local documents it (every value text, distance in metres). */
const place = (n: number) => ({
  id: String(1000 + n),
  place_name: `역삼초등학교 ${n}`,
  category_name: '교육,학문 > 학교 > 초등학교',
  category_group_code: 'SC4',
  category_group_name: '학교',
  phone: '02-000-0000',
  address_name: '서울 강남구 역삼동 1',
  road_address_name: n % 2 === 0 ? '서울 강남구 테헤란로 1' : '',
  x: '127.0371',
  y: '37.5012',
  place_url: `http://place.map.kakao.com/${1000 + n}`,
  distance: String(100 + n * 10),
});

describe('Kakao Local facility search', () => {
  it('asks one category around the site by distance with the REST key and reads the documents', async () => {
    stub = await startStubServer(() => ({
      json: {
        meta: { total_count: 2, pageable_count: 2, is_end: true },
        documents: [place(1), place(2)],
      },
    }));
    const found = await kakao(stub.url).near({ category: 'SC4', ...SITE, radius: 1000, limit: 30 });
    const req = stub.requests[0];
    expect(req?.url.startsWith('/v2/local/search/category.json?')).toBe(true);
    expect(req?.headers.authorization).toBe('KakaoAK rest-key');
    expect(Object.fromEntries(params(req))).toEqual({
      category_group_code: 'SC4',
      x: '127.0364',
      y: '37.5006',
      radius: '1000',
      sort: 'distance',
      page: '1',
      size: '15',
    });
    expect(found).toEqual([
      {
        id: '1001',
        category: 'SC4',
        name: '역삼초등학교 1',
        address: '서울 강남구 역삼동 1',
        phone: '02-000-0000',
        lat: 37.5012,
        lng: 127.0371,
        distance: 110,
      },
      expect.objectContaining({ name: '역삼초등학교 2', address: '서울 강남구 테헤란로 1', distance: 120 }),
    ]);
  });

  it('reads the next page while meta.is_end is false, and stops at the limit', async () => {
    stub = await startStubServer((req) => {
      const pageNo = Number(params(req).get('page'));
      return {
        json: {
          meta: { total_count: 40, pageable_count: 40, is_end: pageNo >= 3 },
          documents: Array.from({ length: pageNo < 3 ? 15 : 10 }, (_, i) => place(pageNo * 100 + i)),
        },
      };
    });
    const all = await kakao(stub.url).near({ category: 'SC4', ...SITE, radius: 1000, limit: 100 });
    expect(stub.requests.map((r) => params(r).get('page'))).toEqual(['1', '2', '3']);
    expect(all).toHaveLength(40);

    await stub.close();
    stub = await startStubServer(() => ({
      json: { meta: { total_count: 40, pageable_count: 40, is_end: false }, documents: [place(1), place(2)] },
    }));
    expect(await kakao(stub.url).near({ category: 'SC4', ...SITE, radius: 1000, limit: 2 })).toHaveLength(2);
    expect(stub.requests).toHaveLength(1);
  });

  it('answers no places for an empty result, and reads one document given as an object', async () => {
    stub = await startStubServer((req) =>
      params(req).get('category_group_code') === 'BK9'
        ? { json: { meta: { total_count: 0, pageable_count: 0, is_end: true }, documents: [] } }
        : { json: { meta: { total_count: 1, pageable_count: 1, is_end: true }, documents: place(7) } },
    );
    expect(await kakao(stub.url).near({ category: 'BK9', ...SITE, radius: 500, limit: 30 })).toEqual([]);
    const one = await kakao(stub.url).near({ category: 'SW8', ...SITE, radius: 500, limit: 30 });
    expect(one.map((f) => [f.name, f.category])).toEqual([['역삼초등학교 7', 'SW8']]);
  });

  it('reads a refused key, an exceeded quota and a bad request as such', async () => {
    stub = await startStubServer((req) => {
      const code = params(req).get('category_group_code');
      if (code === 'SC4')
        return { status: 401, json: { errorType: 'AccessDeniedError', message: 'cannot find appkey' } };
      if (code === 'MT1')
        return {
          status: 429,
          json: { errorType: 'RateLimitExceeded', message: 'API limit has been exceeded.' },
        };
      return { status: 400, json: { errorType: 'InvalidArgument', message: 'radius must be 0~20000' } };
    });
    const ask = (category: 'SC4' | 'MT1' | 'HP8') =>
      kakao(stub?.url ?? '').near({ category, ...SITE, radius: 1000, limit: 30 });
    await expect(ask('SC4')).rejects.toMatchObject({ failure: 'key' });
    await expect(ask('MT1')).rejects.toMatchObject({ failure: 'quota' });
    await expect(ask('HP8')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('gives up on a provider that never answers within its time-out', async () => {
    const { createServer } = await import('node:http');
    const hung = createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as { port: number };
    const started = Date.now();
    await expect(
      kakao(`http://127.0.0.1:${port}`, 300).near({ category: 'SC4', ...SITE, radius: 1000, limit: 30 }),
    ).rejects.toMatchObject({ failure: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  });
});

describe('sample facility search', () => {
  it('answers the same made-up places within the radius for the same site, nearest first', async () => {
    const sample = sampleFacilitySearch();
    const first = await sample.near({ category: 'SC4', ...SITE, radius: 1000, limit: 30 });
    expect(sample.source).toBe('sample');
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(await sample.near({ category: 'SC4', ...SITE, radius: 1000, limit: 30 })).toEqual(first);
    expect(first.every((f) => f.distance > 0 && f.distance <= 1000)).toBe(true);
    expect(first.map((f) => f.distance)).toEqual([...first.map((f) => f.distance)].sort((a, b) => a - b));
    // A place's position agrees with its distance (metres per degree near Seoul).
    for (const f of first) {
      const north = (f.lat - SITE.lat) * 111_320;
      const east = (f.lng - SITE.lng) * 111_320 * Math.cos((SITE.lat * Math.PI) / 180);
      expect(Math.abs(Math.hypot(north, east) - f.distance)).toBeLessThan(2);
    }
  });
});
