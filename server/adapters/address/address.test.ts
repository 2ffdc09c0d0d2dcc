import { afterEach, describe, expect, it } from 'vitest';
import { pnuOf } from '../../../sync/api/address.api.ts';
import { startStubServer } from '../../testing/stub-server.ts';
import { parseLot } from './address.ts';
import { jusoAddressSearch } from './juso-address.ts';
import { kakaoAddressSearch } from './kakao-address.ts';
import { localAddressSearch } from './local-address.ts';

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('lot numbers', () => {
  it('reads main and sub numbers and the mountain mark', () => {
    expect(parseLot('역삼동 123-4')).toEqual({ land_type: 1, main: 123, sub: 4 });
    expect(parseLot('정자동 산 12')).toEqual({ land_type: 2, main: 12, sub: 0 });
    expect(parseLot('역삼동')).toBeNull();
  });

  it('builds the PNU from the parcel parts', () => {
    expect(pnuOf({ b_code: '1168010100', land_type: 1, main_address_no: 123, sub_address_no: 4 })).toBe(
      '1168010100101230004',
    );
  });

  it('builds no PNU for what is not a parcel: no lot number, or no legal-dong code', () => {
    expect(pnuOf({ b_code: '1123010100', land_type: 1, main_address_no: 0, sub_address_no: 0 })).toBeNull();
    expect(pnuOf({ b_code: '', land_type: 1, main_address_no: 12, sub_address_no: 0 })).toBeNull();
  });
});

describe('bundled address table', () => {
  it('finds a demo-area parcel with its 법정동 code and coordinates near the district', async () => {
    const [hit] = await localAddressSearch().search('강남구 역삼동 123-4');
    expect(hit).toMatchObject({
      address_name: '서울특별시 강남구 역삼동 123-4',
      b_code: '1168010100',
      land_type: 1,
      main_address_no: 123,
      sub_address_no: 4,
      precision: 'district',
    });
    expect(Math.abs((hit?.latitude ?? 0) - 37.5172)).toBeLessThan(0.05);
  });

  it('finds nothing for a place outside its table', async () => {
    expect(await localAddressSearch().search('해운대구 우동 1')).toEqual([]);
  });
});

describe('Kakao Local client', () => {
  it('marks a place found by name (REGION, no lot number) approximate, with no lot and no PNU', async () => {
    // Kakao Local's address search answers a 동 asked by name as address_type REGION with empty lot
    // numbers (and sometimes an empty b_code, only h_code), the shape other projects record.
    stub = await startStubServer(() => ({
      json: {
        documents: [
          {
            address_name: '서울 동대문구 청량리동',
            address_type: 'REGION',
            x: '127.0464',
            y: '37.5838',
            address: {
              address_name: '서울 동대문구 청량리동',
              region_1depth_name: '서울',
              region_2depth_name: '동대문구',
              region_3depth_name: '청량리동',
              region_3depth_h_name: '청량리동',
              h_code: '1123070500',
              b_code: '1123010100',
              mountain_yn: 'N',
              main_address_no: '',
              sub_address_no: '',
              x: '127.0464',
              y: '37.5838',
            },
            road_address: null,
          },
          {
            address_name: '서울 도봉구 도봉1동',
            address_type: 'REGION',
            x: '127.0434',
            y: '37.6786',
            address: {
              address_name: '서울 도봉구 도봉1동',
              b_code: '',
              h_code: '1132052100',
              main_address_no: '',
              mountain_yn: 'N',
              sub_address_no: '',
            },
            road_address: null,
          },
        ],
        meta: { is_end: true, pageable_count: 2, total_count: 2 },
      },
    }));
    const list = await kakaoAddressSearch({ baseUrl: stub.url, restKey: 'k' }).search('청량리동');
    expect(list.map((a) => [a.address_name, a.precision, a.main_address_no, a.sub_address_no])).toEqual([
      ['서울 동대문구 청량리동', 'approximate', 0, 0],
      ['서울 도봉구 도봉1동', 'approximate', 0, 0],
    ]);
    expect(list.map((a) => pnuOf(a))).toEqual([null, null]);
  });

  it('sends the REST key and maps documents, including one answered as an object', async () => {
    const doc = {
      address_name: '경기 성남시 분당구 정자동 178-1',
      x: '127.1087',
      y: '37.3595',
      address: {
        address_name: '경기 성남시 분당구 정자동 178-1',
        b_code: '4113510300',
        mountain_yn: 'N',
        main_address_no: '178',
        sub_address_no: '1',
      },
      road_address: { address_name: '경기 성남시 분당구 불정로 6' },
    };
    stub = await startStubServer(() => ({ json: { documents: doc, meta: { total_count: 1 } } }));
    const list = await kakaoAddressSearch({ baseUrl: stub.url, restKey: 'rest-key' }).search('정자동 178-1');
    expect(stub.requests[0]?.headers.authorization).toBe('KakaoAK rest-key');
    expect(stub.requests[0]?.url).toContain('/v2/local/search/address.json?query=');
    expect(list).toEqual([
      {
        address_name: '경기 성남시 분당구 정자동 178-1',
        road_address: '경기 성남시 분당구 불정로 6',
        latitude: 37.3595,
        longitude: 127.1087,
        b_code: '4113510300',
        land_type: 1,
        main_address_no: 178,
        sub_address_no: 1,
        precision: 'exact',
      },
    ]);
  });

  it('fails on an HTTP error', async () => {
    stub = await startStubServer(() => ({ status: 401, json: { errorType: 'AccessDeniedError' } }));
    await expect(kakaoAddressSearch({ baseUrl: stub.url, restKey: 'x' }).search('q')).rejects.toThrow(/401/);
  });
});

describe('juso client', () => {
  it('maps results with the mountain flag and refuses on an error code', async () => {
    stub = await startStubServer((req) =>
      req.url.includes('confmKey=bad')
        ? {
            json: {
              results: {
                common: { errorCode: 'E0001', errorMessage: '승인되지 않은 KEY 입니다.' },
                juso: null,
              },
            },
          }
        : {
            json: {
              results: {
                common: { errorCode: '0', errorMessage: '정상', totalCount: '1' },
                juso: [
                  {
                    roadAddr: '서울특별시 강남구 테헤란로 152',
                    jibunAddr: '서울특별시 강남구 역삼동 737',
                    admCd: '1168010100',
                    mtYn: '1',
                    lnbrMnnm: '737',
                    lnbrSlno: '0',
                  },
                ],
              },
            },
          },
    );
    const [hit] = await jusoAddressSearch({ baseUrl: stub.url, confmKey: 'good' }).search('역삼동 737');
    expect(hit).toMatchObject({
      b_code: '1168010100',
      land_type: 2,
      main_address_no: 737,
      sub_address_no: 0,
      precision: 'district',
    });
    expect(hit?.latitude).toBeCloseTo(37.5172, 3);
    await expect(jusoAddressSearch({ baseUrl: stub.url, confmKey: 'bad' }).search('x')).rejects.toThrow(
      /E0001/,
    );
  });
});
