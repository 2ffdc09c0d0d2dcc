import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildingTitle, LandPrice, LookupAnswer } from '../../sync/public-data/public-data.ts';
import { dataGoKrBuildingRegister } from '../adapters/public-data/building-register.ts';
import { samplePriceService } from '../adapters/public-data/sample-public-data.ts';
import { vworldNedPrices } from '../adapters/public-data/vworld-ned.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import { testConfig } from '../config.ts';
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

const PNU = '1168010100107370012';
const NOW = '2026-03-02T01:00:00.000Z';
const land = (token: string, pnu = PNU) =>
  t.call<LookupAnswer<LandPrice>>('/public/landPrice', { token, method: 'GET', query: { pnu } });

/** A VWorld stub answering the land price with the rows given, counting the calls. */
async function nedStub(field: unknown[]) {
  stub = await startStubServer(() => ({
    json: { indvdLandPrices: { field, totalCount: String(field.length) } },
  }));
  return vworldNedPrices({ baseUrl: stub.url, key: 'k', domain: 'd' });
}

describe('public-data look-ups', () => {
  it('answer the bundled sample for a demo parcel without any key, labelled as sample', async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { token } = await agent(t);
    const res = await land(token);
    expect(res.code).toBe(0);
    expect(res.data.source).toBe('sample');
    expect(res.data.list.map((r) => r.stdrYear)).toEqual([
      '2019',
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
    ]);
    expect(res.data.list.every((r) => r.pblntfPclnd > 0)).toBe(true);
    expect((await land(token)).data.list).toEqual(res.data.list);
  });

  it('give one row a year, oldest first, keeping the price published last', async () => {
    const prices = await nedStub([
      { stdrYear: '2024', pblntfPclnd: '1200000', pblntfDe: '2024-05-31' },
      { stdrYear: '2023', pblntfPclnd: '1000000', pblntfDe: '2023-05-31' },
      { stdrYear: '2024', pblntfPclnd: '1250000', pblntfDe: '2024-07-01' },
    ]);
    t = await createTestApp({ clock: fixedClock(NOW), adapters: { prices } });
    const { token } = await agent(t);
    const res = await land(token);
    expect(res.data.source).toBe('provider');
    expect(res.data.list).toEqual([
      { stdrYear: '2023', pblntfPclnd: 1_000_000, pblntfDe: '2023-05-31' },
      { stdrYear: '2024', pblntfPclnd: 1_250_000, pblntfDe: '2024-07-01' },
    ]);
  });

  it('serve a repeat from the cache with its first fetch date until it expires', async () => {
    const clock = fixedClock(NOW);
    const prices = await nedStub([{ stdrYear: '2024', pblntfPclnd: '1200000', pblntfDe: '2024-05-31' }]);
    t = await createTestApp({
      clock,
      adapters: { prices },
      config: { publicData: { ...testConfig().publicData, cacheDays: 7 } },
    });
    const { token } = await agent(t);
    await land(token);
    clock.advance(DAY_MS);
    const again = await land(token);
    expect(stub?.requests).toHaveLength(1);
    expect(again.data.fetched_at).toBe(NOW);
    clock.advance(7 * DAY_MS);
    const later = await land(token);
    expect(stub?.requests).toHaveLength(2);
    expect(later.data.fetched_at).toBe(clock.now().toISOString());
  });

  it('answer a provider that never answers with the unavailable message within 10 seconds', async () => {
    const hung = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as AddressInfo;
    const buildingRegister = dataGoKrBuildingRegister({
      baseUrl: `http://127.0.0.1:${port}`,
      serviceKey: 'k',
    });
    t = await createTestApp({ adapters: { buildingRegister } });
    const { token } = await agent(t);
    const started = Date.now();
    const res = await t.call('/public/buildingTitle', {
      token,
      method: 'GET',
      query: { pnu: PNU },
      headers: { 'accept-language': 'en' },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.code).toBe(-1);
    expect(res.msg).toBe('The public data service is unavailable. Please try again later.');
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  }, 15_000);

  it('say the daily limit was reached when the provider says so', async () => {
    stub = await startStubServer(() => ({
      json: { response: { status: 'ERROR', error: { code: 'OVER_REQUEST_LIMIT', text: '한도 초과' } } },
    }));
    const prices = vworldNedPrices({ baseUrl: stub.url, key: 'k', domain: 'd' });
    t = await createTestApp({ adapters: { prices } });
    const { token } = await agent(t);
    const res = await t.call('/public/housePrice', { token, method: 'GET', query: { pnu: PNU } });
    expect(res.code).toBe(-1);
    expect(res.msg).toBe('오늘 공공데이터 조회 한도에 도달했습니다. 내일 다시 시도해 주세요.');
  });

  it('give the register-cancelled message for a parcel whose register has no building', async () => {
    stub = await startStubServer(() => ({
      json: { response: { header: { resultCode: '00' }, body: { items: '', totalCount: '0' } } },
    }));
    const buildingRegister = dataGoKrBuildingRegister({ baseUrl: stub.url, serviceKey: 'k' });
    t = await createTestApp({ adapters: { buildingRegister } });
    const { token } = await agent(t);
    const res = await t.call<LookupAnswer<BuildingTitle>>('/public/buildingTitle', {
      token,
      method: 'GET',
      query: { pnu: PNU },
    });
    expect(res.code).toBe(-1);
    expect(res.msg).toBe('건축물대장이 없거나 말소된 지번입니다.');
  });

  it('refuse a member past the look-ups allowed in a minute, and let them in the next minute', async () => {
    const clock = fixedClock(NOW);
    t = await createTestApp({
      clock,
      adapters: { prices: samplePriceService() },
      config: { publicData: { ...testConfig().publicData, perMinute: 3 } },
    });
    const { token } = await agent(t);
    const other = await agent(t);
    for (let i = 0; i < 3; i++) expect((await land(token)).code).toBe(0);
    const refused = await land(token);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toBe('조회가 너무 많습니다. 1분 후 다시 시도해 주세요.');
    expect((await land(other.token)).code).toBe(0);
    clock.advance(60_000);
    expect((await land(token)).code).toBe(0);
  });

  it('ask one unit of an apartment only with both its dong and ho', async () => {
    t = await createTestApp();
    const { token } = await agent(t);
    const res = await t.call('/public/apartPrice', {
      token,
      method: 'GET',
      query: { pnu: PNU, dong_nm: '101동' },
    });
    expect(res.code).toBe(-4);
  });

  it('are for signed-in members only', async () => {
    t = await createTestApp();
    const res = await t.call('/public/landPrice', { method: 'GET', query: { pnu: PNU } });
    expect(res.code).toBe(-2);
  });
});

/** The register's JSON page of building titles: `rows` of them, of `total` in the parcel. */
function titlePage({ pageNo, rows, total }: { pageNo: number; rows: number; total: number }) {
  return {
    json: {
      response: {
        header: { resultCode: '00', resultMsg: 'NORMAL SERVICE' },
        body: {
          items: {
            item: Array.from({ length: rows }, (_, i) => ({
              mgmBldrgstPk: `${pageNo}-${i}`,
              dongNm: `${i}동`,
            })),
          },
          numOfRows: '100',
          pageNo: String(pageNo),
          totalCount: String(total),
        },
      },
    },
  };
}

const pageOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('pageNo'));
const never = () => new Promise<never>(() => {});

/** An app whose register is the stub, with a short budget and page time so a test runs in a second or two. */
async function registerApp({ budgetMs = 1500, pageMs = 300 } = {}) {
  if (!stub) throw new Error('start the stub first');
  const buildingRegister = dataGoKrBuildingRegister({ baseUrl: stub.url, serviceKey: 'k' });
  t = await createTestApp({
    clock: fixedClock(NOW),
    adapters: { buildingRegister },
    config: { publicData: { ...testConfig().publicData, timeoutMs: budgetMs, pageTimeoutMs: pageMs } },
  });
  return (await agent(t)).token;
}

const titles = (token: string, init: { signal?: AbortSignal } = {}) =>
  t.call<LookupAnswer<BuildingTitle>>('/public/buildingTitle', {
    token,
    method: 'GET',
    query: { pnu: PNU },
    ...init,
  });

describe('a parcel of many pages', () => {
  it('answers within its budget with the pages that arrived, marked partial, and a retry asks only for the rest', async () => {
    let slowPageAnswers = false;
    stub = await startStubServer((req) => {
      const pageNo = pageOf(req.url);
      if (pageNo === 17 && !slowPageAnswers) return never();
      return titlePage({ pageNo, rows: 100, total: 3000 });
    });
    const token = await registerApp({ budgetMs: 4000, pageMs: 1000 });
    const first = await titles(token);
    expect(first.code).toBe(0);
    expect(first.data.partial).toBe(true);
    const arrived = new Set(first.data.list.map((r) => Number(r.mgmBldrgstPk.split('-')[0])));
    expect(arrived.has(17)).toBe(false);
    expect(first.data.list).toHaveLength(arrived.size * 100);
    // The page that never came was given up, not left running.
    await vi.waitFor(() => expect(stub?.abandoned()).toBeGreaterThanOrEqual(1));
    const asked = stub.requests.length;

    slowPageAnswers = true;
    const again = await titles(token);
    expect(again.data.partial).toBe(false);
    expect(again.data.list).toHaveLength(3000);
    // Only the pages missing from the first answer were asked for again (17 among them).
    const missing = Array.from({ length: 30 }, (_, i) => i + 1).filter((p) => !arrived.has(p));
    const retried = stub.requests.slice(asked).map((r) => pageOf(r.url));
    expect(retried.sort((a, b) => a - b)).toEqual(missing);
    // Whole now: kept as the answer, and a third look-up asks nothing.
    await titles(token);
    expect(stub.requests).toHaveLength(asked + missing.length);
  });

  it('says partial when the parcel holds more rows than the server reads (7,200 rows, 5,000 read)', async () => {
    stub = await startStubServer((req) => titlePage({ pageNo: pageOf(req.url), rows: 100, total: 7200 }));
    const token = await registerApp({ budgetMs: 9000, pageMs: 9000 });
    const res = await titles(token);
    expect(res.data.partial).toBe(true);
    expect(res.data.list).toHaveLength(5000);
    expect(Math.max(...stub.requests.map((r) => pageOf(r.url)))).toBe(50);
  });

  it('cancels the pages on the way when the member gives up', async () => {
    let asked: () => void = () => {};
    const laterPagesAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    stub = await startStubServer((req) => {
      const pageNo = pageOf(req.url);
      if (pageNo === 1) return titlePage({ pageNo, rows: 100, total: 1000 });
      asked();
      return never();
    });
    const token = await registerApp({ budgetMs: 8000, pageMs: 8000 });
    const member = new AbortController();
    const answer = titles(token, { signal: member.signal });
    await laterPagesAsked;
    member.abort();
    await answer.catch(() => undefined);
    await vi.waitFor(() => expect(stub?.abandoned()).toBe(stub ? stub.requests.length - 1 : -1));
    expect(stub.requests.length).toBeGreaterThan(1);
  });
});

describe('public-data cache pruning job', () => {
  it('drops expired answers and keeps fresh ones', async () => {
    const clock = fixedClock(NOW);
    t = await createTestApp({
      clock,
      config: { publicData: { ...testConfig().publicData, cacheDays: 2 } },
    });
    const { token } = await agent(t);
    await land(token);
    clock.advance(DAY_MS);
    await land(token, '1168010100107370013');
    clock.advance(DAY_MS + 1);
    const { publicDataCachePruneJob } = await import('./cache-prune.job.ts');
    const logger = t.deps.logger;
    expect(await publicDataCachePruneJob.run({ db: t.deps.db, now: clock.now(), logger })).toEqual({
      removed: 1,
    });
    const left = await t.deps.db.selectFrom('public_data_cache').select('f_key').execute();
    expect(left).toEqual([{ f_key: '1168010100107370013' }]);
  });
});
