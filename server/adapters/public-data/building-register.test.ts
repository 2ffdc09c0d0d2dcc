import { afterEach, describe, expect, it } from 'vitest';
import { type StubRequest, startStubServer } from '../../testing/stub-server.ts';
import { dataGoKrBuildingRegister } from './building-register.ts';

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const PNU = '1168010100107370012';

/** The register's documented JSON answer. */
function answer({ items, total }: { items: unknown; total: number }) {
  return {
    json: {
      response: {
        header: { resultCode: '00', resultMsg: 'NORMAL SERVICE' },
        body: { items, numOfRows: '100', pageNo: '1', totalCount: String(total) },
      },
    },
  };
}

const gatewayError = (code: string, msg: string) => ({
  text: `<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>${msg}</returnAuthMsg><returnReasonCode>${code}</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>`,
});

const register = (url: string) => dataGoKrBuildingRegister({ baseUrl: url, serviceKey: 'key+/=' });
/** Page 1 of a list, with a time of its own. */
const first = { pageNo: 1, signal: AbortSignal.timeout(2000) };
const pageOne = (pnu: string, timeoutMs = 2000) => ({
  pnu,
  pageNo: 1,
  signal: AbortSignal.timeout(timeoutMs),
});

const params = (req: StubRequest | undefined) => new URL(req?.url ?? '/', 'http://x').searchParams;

describe('data.go.kr building register client', () => {
  it('asks by the parcel parts of the PNU and reads a single building answered as an object', async () => {
    stub = await startStubServer(() =>
      answer({
        items: {
          item: {
            mgmBldrgstPk: '11680-100',
            dongNm: ' ',
            bldNm: '역삼빌',
            useAprDay: '20190312',
            mainPurpsCdNm: '공동주택',
            strctCdNm: '철근콘크리트구조',
            grndFlrCnt: 7,
            ugrndFlrCnt: '1',
            hhldCnt: 12,
            hoCnt: 0,
            fmlyCnt: 0,
            indrAutoUtcnt: 4,
            oudrAutoUtcnt: '6',
            indrMechUtcnt: 0,
            oudrMechUtcnt: 0,
            rideUseElvtCnt: 1,
            emgenUseElvtCnt: 0,
            totArea: '1234.56',
            platArea: '330.1',
          },
        },
        total: 1,
      }),
    );
    const { rows: titles } = await register(stub.url).titles(pageOne(PNU));
    const req = stub.requests[0];
    expect(req?.url.startsWith('/getBrTitleInfo?')).toBe(true);
    expect(Object.fromEntries(params(req))).toEqual({
      serviceKey: 'key+/=',
      sigunguCd: '11680',
      bjdongCd: '10100',
      platGbCd: '0',
      bun: '0737',
      ji: '0012',
      numOfRows: '100',
      pageNo: '1',
      _type: 'json',
    });
    expect(titles).toEqual([
      expect.objectContaining({
        dongNm: '',
        bldNm: '역삼빌',
        grndFlrCnt: 7,
        ugrndFlrCnt: 1,
        parkingCnt: 10,
        totArea: 1234.56,
      }),
    ]);
  });

  it('asks a mountain parcel with platGbCd 1', async () => {
    stub = await startStubServer(() => answer({ items: '', total: 0 }));
    await register(stub.url).titles(pageOne('4113510300211780001'));
    expect(params(stub.requests[0]).get('platGbCd')).toBe('1');
  });

  it('reads the page asked, 100 rows at a time, and says how many rows the parcel has', async () => {
    stub = await startStubServer((req) => {
      const pageNo = Number(params(req).get('pageNo'));
      return answer({
        items: { item: Array.from({ length: 50 }, (_, i) => ({ hoNm: `${pageNo}-${i}`, area: '59.9' })) },
        total: 250,
      });
    });
    const page = await register(stub.url).exposedAreas({ pnu: PNU, ...first, pageNo: 3 });
    expect(params(stub.requests[0]).get('pageNo')).toBe('3');
    expect(stub.requests[0]?.url.startsWith('/getBrExposPubuseAreaInfo?')).toBe(true);
    expect(page.total).toBe(250);
    expect(page.rows[49]).toMatchObject({ hoNm: '3-49', area: 59.9 });
  });

  it('keeps every digit of a building id longer than 2^53, as the register sends it bare', async () => {
    // The register writes mgmBldrgstPk as a bare JSON integer of up to 20 digits (issue 29: two
    // buildings came back as the same 1.0000000000000052e+21): ids that differ past the 16th digit
    // must stay two, and ordinary numbers stay numbers.
    stub = await startStubServer(() => ({
      text: `{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL SERVICE"},"body":{"items":{"item":[
        {"mgmBldrgstPk":10000000000000052123,"dongNm":"101동","grndFlrCnt":15},
        {"mgmBldrgstPk":10000000000000052124,"dongNm":"102동","grndFlrCnt":15.0},
        {"mgmBldrgstPk":1234,"dongNm":"103동","totArea":84.93}]},"numOfRows":100,"pageNo":1,"totalCount":3}}}`,
    }));
    const { rows } = await register(stub.url).titles(pageOne(PNU));
    expect(rows.map((r) => r.mgmBldrgstPk)).toEqual(['10000000000000052123', '10000000000000052124', '1234']);
    expect(rows.map((r) => [r.grndFlrCnt, r.totArea])).toEqual([
      [15, 0],
      [15, 0],
      [0, 84.93],
    ]);
  });

  it('answers an empty parcel with no buildings', async () => {
    stub = await startStubServer(() => answer({ items: '', total: 0 }));
    expect(await register(stub.url).floors(pageOne(PNU))).toEqual({ rows: [], total: 0 });
    expect(stub.requests[0]?.url.startsWith('/getBrFlrOulnInfo?')).toBe(true);
  });

  it('reads the XML gateway answer for an unregistered key as a key failure, though JSON was asked', async () => {
    stub = await startStubServer(() => gatewayError('30', 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR'));
    await expect(register(stub.url).titles(pageOne(PNU))).rejects.toMatchObject({ failure: 'key' });
  });

  it('reads an exceeded daily quota as a quota failure', async () => {
    stub = await startStubServer(() =>
      gatewayError('22', 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR'),
    );
    await expect(register(stub.url).titles(pageOne(PNU))).rejects.toMatchObject({ failure: 'quota' });
  });

  it('fails on a result code other than 00', async () => {
    stub = await startStubServer(() => ({
      json: { response: { header: { resultCode: '99', resultMsg: 'APPLICATION ERROR' } } },
    }));
    await expect(register(stub.url).titles(pageOne(PNU))).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('gives up on a page that never comes once its time is out', async () => {
    const { createServer } = await import('node:http');
    const hung = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as { port: number };
    const started = Date.now();
    await expect(register(`http://127.0.0.1:${port}`).titles(pageOne(PNU, 300))).rejects.toMatchObject({
      failure: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  });
});
