import { afterEach, describe, expect, it } from 'vitest';
import { type StubRequest, startStubServer } from '../../testing/stub-server.ts';
import { vworldDomain, vworldNedPrices } from './vworld-ned.ts';

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const PNU = '1168010100107370012';
const ned = (url: string) =>
  vworldNedPrices({ baseUrl: url, key: 'ned-key', domain: 'https://app.example/' });
const pageOne = { pageNo: 1, signal: AbortSignal.timeout(2000) };
const params = (req: StubRequest | undefined) => new URL(req?.url ?? '/', 'http://x').searchParams;

describe('VWorld NED price client', () => {
  it('asks the land price by PNU with key, domain and 1000 rows, reading a single year answered as an object', async () => {
    stub = await startStubServer(() => ({
      json: {
        indvdLandPrices: {
          field: { pnu: PNU, stdrYear: '2024', pblntfPclnd: '12500000', pblntfDe: '2024-05-31' },
          totalCount: '1',
          numOfRows: '1000',
          pageNo: '1',
          resultCode: '',
          resultMsg: '',
        },
      },
    }));
    const { rows: prices } = await ned(stub.url).landPrices({ pnu: PNU, ...pageOne });
    expect(stub.requests[0]?.url.startsWith('/getIndvdLandPriceAttr?')).toBe(true);
    expect(Object.fromEntries(params(stub.requests[0]))).toEqual({
      key: 'ned-key',
      // VWorld compares the host the key was issued for, not a URL with its scheme and path.
      domain: 'app.example',
      pnu: PNU,
      format: 'json',
      numOfRows: '1000',
      pageNo: '1',
    });
    expect(prices).toEqual([{ stdrYear: '2024', pblntfPclnd: 12_500_000, pblntfDe: '2024-05-31' }]);
  });

  it('reads the page of apartment prices asked, and sends dongNm and hoNm for one unit', async () => {
    stub = await startStubServer((req) => {
      const pageNo = Number(params(req).get('pageNo'));
      return {
        json: {
          apartHousingPrices: {
            field: Array.from({ length: 7 }, (_, i) => ({
              aphusNm: '역삼하이츠',
              dongNm: '101',
              hoNm: `${pageNo}${i}`,
              stdrYear: '2024',
              prvuseAr: '84.93',
              pblntfPc: '512000000',
            })),
            totalCount: '2007',
          },
        },
      };
    });
    const page = await ned(stub.url).apartPrices({ pnu: PNU, ...pageOne, pageNo: 3 });
    expect(params(stub.requests[0]).get('pageNo')).toBe('3');
    expect(page.total).toBe(2007);
    expect(page.rows[0]).toMatchObject({
      aphusNm: '역삼하이츠',
      hoNm: '30',
      prvuseAr: 84.93,
      pblntfPc: 512_000_000,
    });

    await stub.close();
    stub = await startStubServer(() => ({ json: { apartHousingPrices: { field: [], totalCount: '0' } } }));
    await ned(stub.url).apartPrices({ pnu: PNU, dongNm: '101', hoNm: '1203', ...pageOne });
    expect(params(stub.requests[0]).get('dongNm')).toBe('101');
    expect(params(stub.requests[0]).get('hoNm')).toBe('1203');
  });

  it('reads the rows wrapped once more as fields.field, the other shape answered in the wild', async () => {
    // Both shapes are seen (issue 29): {apartHousingPrices: {field: [...]}} as VWorld's samples
    // and other clients read it, and {apartHousingPrices: {fields: {field: [...]}}}.
    stub = await startStubServer(() => ({
      json: {
        apartHousingPrices: {
          fields: {
            field: [
              {
                aphusNm: '역삼하이츠',
                dongNm: '101',
                hoNm: '1203',
                stdrYear: '2024',
                prvuseAr: '84.93',
                pblntfPc: '512000000',
              },
            ],
          },
          totalCount: '1',
          numOfRows: '1000',
          pageNo: '1',
        },
      },
    }));
    const page = await ned(stub.url).apartPrices({ pnu: PNU, ...pageOne });
    expect(page).toEqual({
      rows: [
        {
          aphusNm: '역삼하이츠',
          dongNm: '101',
          hoNm: '1203',
          stdrYear: '2024',
          prvuseAr: 84.93,
          pblntfPc: 512_000_000,
        },
      ],
      total: 1,
    });
  });

  it('sends the configured domain as a host whichever way it was written', () => {
    expect(vworldDomain('https://bunyang.example.com/app/')).toBe('bunyang.example.com');
    expect(vworldDomain('http://localhost:8080')).toBe('localhost:8080');
    expect(vworldDomain('bunyang.example.com')).toBe('bunyang.example.com');
  });

  it('reads detached house prices', async () => {
    stub = await startStubServer(() => ({
      json: {
        indvdHousingPrices: {
          field: [{ stdrYear: '2023', buldAllTotAr: '210.5', ladRegstrAr: '180', housePc: '1230000000' }],
          totalCount: '1',
        },
      },
    }));
    expect((await ned(stub.url).housePrices({ pnu: PNU, ...pageOne })).rows).toEqual([
      { stdrYear: '2023', buldAllTotAr: 210.5, ladRegstrAr: 180, housePc: 1_230_000_000 },
    ]);
    expect(stub.requests[0]?.url.startsWith('/getIndvdHousingPriceAttr?')).toBe(true);
  });

  it('answers an empty result (the bare response envelope) with no prices', async () => {
    stub = await startStubServer(() => ({ json: { response: { totalCount: '0' } } }));
    expect(await ned(stub.url).landPrices({ pnu: PNU, ...pageOne })).toEqual({ rows: [], total: 0 });
  });

  it('reads a refused key and an exceeded quota as such', async () => {
    stub = await startStubServer((req) => ({
      json: {
        response: {
          status: 'ERROR',
          error: params(req).get('pnu')?.endsWith('1')
            ? { level: '1', code: 'OVER_REQUEST_LIMIT', text: '일일 요청 한도를 초과하였습니다.' }
            : { level: '1', code: 'INCORRECT_KEY', text: '인증키 정보가 올바르지 않습니다.' },
        },
      },
    }));
    await expect(ned(stub.url).landPrices({ pnu: PNU, ...pageOne })).rejects.toMatchObject({
      failure: 'key',
    });
    await expect(ned(stub.url).landPrices({ pnu: '1168010100107370011', ...pageOne })).rejects.toMatchObject({
      failure: 'quota',
    });
  });

  it('fails on an HTTP error', async () => {
    stub = await startStubServer(() => ({ status: 502, text: 'Bad Gateway' }));
    await expect(ned(stub.url).housePrices({ pnu: PNU, ...pageOne })).rejects.toMatchObject({
      failure: 'unavailable',
    });
  });
});
