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

const register = (url: string, timeoutMs = 2000) =>
  dataGoKrBuildingRegister({ baseUrl: url, serviceKey: 'key+/=', timeoutMs });

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
    const titles = await register(stub.url).titles(PNU);
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
    await register(stub.url).titles('4113510300211780001');
    expect(params(stub.requests[0]).get('platGbCd')).toBe('1');
  });

  it('keeps reading pages while the total exceeds 100 per page read', async () => {
    stub = await startStubServer((req) => {
      const pageNo = Number(params(req).get('pageNo'));
      const count = pageNo < 3 ? 100 : 50;
      return answer({
        items: { item: Array.from({ length: count }, (_, i) => ({ hoNm: `${pageNo}-${i}`, area: '59.9' })) },
        total: 250,
      });
    });
    const areas = await register(stub.url).exposedAreas(PNU);
    expect(stub.requests.map((r) => params(r).get('pageNo'))).toEqual(['1', '2', '3']);
    expect(stub.requests.every((r) => r.url.startsWith('/getBrExposPubuseAreaInfo?'))).toBe(true);
    expect(areas).toHaveLength(250);
    expect(areas[249]).toMatchObject({ hoNm: '3-49', area: 59.9 });
  });

  it('answers an empty parcel with no buildings', async () => {
    stub = await startStubServer(() => answer({ items: '', total: 0 }));
    expect(await register(stub.url).floors(PNU)).toEqual([]);
    expect(stub.requests[0]?.url.startsWith('/getBrFlrOulnInfo?')).toBe(true);
  });

  it('reads the XML gateway answer for an unregistered key as a key failure, though JSON was asked', async () => {
    stub = await startStubServer(() => gatewayError('30', 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR'));
    await expect(register(stub.url).titles(PNU)).rejects.toMatchObject({ failure: 'key' });
  });

  it('reads an exceeded daily quota as a quota failure', async () => {
    stub = await startStubServer(() =>
      gatewayError('22', 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR'),
    );
    await expect(register(stub.url).titles(PNU)).rejects.toMatchObject({ failure: 'quota' });
  });

  it('fails on a result code other than 00', async () => {
    stub = await startStubServer(() => ({
      json: { response: { header: { resultCode: '99', resultMsg: 'APPLICATION ERROR' } } },
    }));
    await expect(register(stub.url).titles(PNU)).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('gives up on a provider that never answers once its time is out', async () => {
    const { createServer } = await import('node:http');
    const hung = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as { port: number };
    const started = Date.now();
    await expect(register(`http://127.0.0.1:${port}`, 300).titles(PNU)).rejects.toMatchObject({
      failure: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  });
});
