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
        zip_no: null,
        building_name: null,
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

describe('the postcode search', () => {
  it('pages Kakao Local road addresses with their zone_no, leaving out places without a road address', async () => {
    stub = await startStubServer(() => ({
      json: {
        documents: [
          {
            address_name: '서울 강남구 테헤란로 152',
            address_type: 'ROAD_ADDR',
            x: '127.036508620542',
            y: '37.5000242405515',
            address: {
              address_name: '서울 강남구 역삼동 737',
              b_code: '1168010100',
              mountain_yn: 'N',
              main_address_no: '737',
              sub_address_no: '',
            },
            road_address: {
              address_name: '서울 강남구 테헤란로 152',
              building_name: '강남파이낸스센터',
              zone_no: '06236',
            },
          },
          {
            address_name: '서울 강남구 역삼동',
            address_type: 'REGION',
            x: '127.03',
            y: '37.49',
            address: {
              address_name: '서울 강남구 역삼동',
              b_code: '1168010100',
              mountain_yn: 'N',
              main_address_no: '',
              sub_address_no: '',
            },
            road_address: null,
          },
        ],
        meta: { is_end: false, pageable_count: 45, total_count: 321 },
      },
    }));
    const page = await kakaoAddressSearch({ baseUrl: stub.url, restKey: 'k' }).searchPostcode({
      query: '테헤란로',
      page: 2,
    });
    const sent = new URL(stub.requests[0]?.url ?? '', stub.url);
    expect(sent.pathname).toBe('/v2/local/search/address.json');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ query: '테헤란로', page: '2', size: '10' });
    expect(page.total).toBe(321);
    expect(page.has_more).toBe(true);
    expect(page.list).toEqual([
      {
        address_name: '서울 강남구 역삼동 737',
        road_address: '서울 강남구 테헤란로 152',
        zip_no: '06236',
        building_name: '강남파이낸스센터',
        latitude: 37.5000242405515,
        longitude: 127.036508620542,
        b_code: '1168010100',
        land_type: 1,
        main_address_no: 737,
        sub_address_no: 0,
        precision: 'exact',
      },
    ]);
  });

  it('pages the juso API with currentPage and countPerPage, reading zipNo, bdNm and totalCount', async () => {
    stub = await startStubServer(() => ({
      json: {
        results: {
          common: {
            errorCode: '0',
            errorMessage: '정상',
            totalCount: '12',
            currentPage: '2',
            countPerPage: '10',
          },
          juso: [
            {
              roadAddr: '서울특별시 강남구 테헤란로 152 (역삼동)',
              roadAddrPart1: '서울특별시 강남구 테헤란로 152',
              jibunAddr: '서울특별시 강남구 역삼동 737 강남파이낸스센터',
              zipNo: '06236',
              admCd: '1168010100',
              bdNm: '강남파이낸스센터',
              mtYn: '0',
              lnbrMnnm: '737',
              lnbrSlno: '0',
            },
          ],
        },
      },
    }));
    const page = await jusoAddressSearch({ baseUrl: stub.url, confmKey: 'key' }).searchPostcode({
      query: '테헤란로 152',
      page: 2,
    });
    const sent = new URL(stub.requests[0]?.url ?? '', stub.url);
    expect(sent.pathname).toBe('/addrlink/addrLinkApi.do');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      confmKey: 'key',
      keyword: '테헤란로 152',
      currentPage: '2',
      countPerPage: '10',
      resultType: 'json',
    });
    expect(page).toMatchObject({ total: 12, has_more: false });
    expect(page.list[0]).toMatchObject({
      zip_no: '06236',
      building_name: '강남파이낸스센터',
      road_address: '서울특별시 강남구 테헤란로 152 (역삼동)',
      main_address_no: 737,
    });
  });

  it('gives the sample table’s parcels a made-up postcode, a page at a time', async () => {
    const sample = localAddressSearch();
    const first = await sample.searchPostcode({ query: '강남구 역삼동 123-4', page: 1 });
    expect(first.total).toBe(1);
    expect(first.list[0]?.zip_no).toMatch(/^\d{5}$/);
    expect((await sample.searchPostcode({ query: '강남구 역삼동 123-4', page: 2 })).list).toEqual([]);
  });
});

describe('the address at a point picked on the map', () => {
  const point = { lat: 37.5000242, lng: 127.0365086 };

  it('asks Kakao Local for the lot and the 법정동 code and keeps the point’s own coordinates', async () => {
    stub = await startStubServer((req) =>
      req.url.startsWith('/v2/local/geo/coord2address.json')
        ? {
            json: {
              meta: { total_count: 1 },
              documents: [
                {
                  road_address: {
                    address_name: '서울특별시 강남구 테헤란로 152',
                    region_1depth_name: '서울',
                    road_name: '테헤란로',
                    main_building_no: '152',
                    sub_building_no: '',
                    building_name: '강남파이낸스센터',
                    zone_no: '06236',
                  },
                  address: {
                    address_name: '서울 강남구 역삼동 737',
                    region_1depth_name: '서울',
                    region_2depth_name: '강남구',
                    region_3depth_name: '역삼동',
                    mountain_yn: 'N',
                    main_address_no: '737',
                    sub_address_no: '',
                    zip_code: '',
                  },
                },
              ],
            },
          }
        : {
            json: {
              meta: { total_count: 2 },
              documents: [
                { region_type: 'B', code: '1168010100', address_name: '서울특별시 강남구 역삼동' },
                { region_type: 'H', code: '1168064000', address_name: '서울특별시 강남구 역삼1동' },
              ],
            },
          },
    );
    const found = await kakaoAddressSearch({ baseUrl: stub.url, restKey: 'k' }).reverse(point);
    const asked = stub.requests.map((r) => new URL(r.url, stub?.url));
    expect(asked.map((u) => u.pathname).sort()).toEqual([
      '/v2/local/geo/coord2address.json',
      '/v2/local/geo/coord2regioncode.json',
    ]);
    expect(
      asked.every(
        (u) => u.searchParams.get('x') === '127.0365086' && u.searchParams.get('y') === '37.5000242',
      ),
    ).toBe(true);
    expect(found).toEqual({
      address_name: '서울 강남구 역삼동 737',
      road_address: '서울특별시 강남구 테헤란로 152',
      zip_no: '06236',
      building_name: '강남파이낸스센터',
      latitude: 37.5000242,
      longitude: 127.0365086,
      b_code: '1168010100',
      land_type: 1,
      main_address_no: 737,
      sub_address_no: 0,
      precision: 'exact',
    });
    expect(found && pnuOf(found)).toBe('1168010100107370000');
  });

  it('finds nothing where Kakao knows no address (the sea), and juso never looks a point up', async () => {
    stub = await startStubServer(() => ({ json: { meta: { total_count: 0 }, documents: [] } }));
    expect(
      await kakaoAddressSearch({ baseUrl: stub.url, restKey: 'k' }).reverse({ lat: 35, lng: 125 }),
    ).toBeNull();
    const asked = stub.requests.length;
    expect(await jusoAddressSearch({ baseUrl: stub.url, confmKey: 'k' }).reverse(point)).toBeNull();
    expect(stub.requests.length).toBe(asked);
  });

  it('names only the nearest district from the sample table, and nothing far from every district', async () => {
    const sample = localAddressSearch();
    const nearGangnam = { lat: 37.5153, lng: 127.0501 };
    expect(await sample.reverse(nearGangnam)).toMatchObject({
      address_name: '서울특별시 강남구',
      b_code: '1168000000',
      latitude: nearGangnam.lat,
      longitude: nearGangnam.lng,
      main_address_no: 0,
      precision: 'approximate',
    });
    expect(await sample.reverse({ lat: 35.1, lng: 129.0 })).toBeNull();
  });
});
