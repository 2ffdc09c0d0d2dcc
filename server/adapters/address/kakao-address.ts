import type { AddressResult } from '../../../sync/api/address.api.ts';
import { type AddressSearch, POSTCODE_PAGE_SIZE } from './address.ts';
import { kakaoReverse } from './kakao-reverse.ts';

interface KakaoDocument {
  address_name: string;
  /**
   * REGION (a place name: a 동 or 구 with no lot number), ROAD (a road name), REGION_ADDR (a lot
   * address) or ROAD_ADDR (a road address): Kakao Local's documented address_type. A REGION's
   * `address` has empty main_address_no and sub_address_no (and sometimes an empty b_code with
   * only h_code), as other projects record it, e.g. {"address_name":"서울 도봉구 도봉1동",
   * "address_type":"REGION","address":{"b_code":"","h_code":"1132052100","main_address_no":"",
   * "mountain_yn":"N","sub_address_no":"",…},"road_address":null}.
   */
  address_type?: 'REGION' | 'ROAD' | 'REGION_ADDR' | 'ROAD_ADDR';
  x: string;
  y: string;
  address: {
    address_name: string;
    b_code: string;
    mountain_yn: 'Y' | 'N';
    main_address_no: string;
    sub_address_no: string;
  } | null;
  /** zone_no is the 5-digit 우편번호 (국가기초구역번호). */
  road_address: { address_name: string; zone_no?: string; building_name?: string } | null;
}

interface KakaoAnswer {
  documents?: KakaoDocument[] | KakaoDocument;
  meta?: { total_count?: number; pageable_count?: number; is_end?: boolean };
}

/** Text or null: providers answer a missing value as "". */
function orNull(value: string | undefined | null): string | null {
  return value?.trim() ? value.trim() : null;
}

function toResult(d: KakaoDocument): AddressResult | null {
  const a = d.address;
  if (!a) return null;
  const main = Number(a.main_address_no || 0);
  // A place (REGION, or any answer without a lot number) is an area, not a parcel: no lot
  // 0-0 is made up for it, and it says so, so nothing builds a PNU from it.
  const parcel = d.address_type !== 'REGION' && d.address_type !== 'ROAD' && main > 0;
  return {
    address_name: a.address_name || d.address_name,
    road_address: d.road_address?.address_name ?? null,
    zip_no: orNull(d.road_address?.zone_no),
    building_name: orNull(d.road_address?.building_name),
    latitude: Number(d.y),
    longitude: Number(d.x),
    b_code: a.b_code ?? '',
    land_type: a.mountain_yn === 'Y' ? 2 : 1,
    main_address_no: parcel ? main : 0,
    sub_address_no: parcel ? Number(a.sub_address_no || 0) : 0,
    precision: parcel ? 'exact' : 'approximate',
  };
}

/**
 * Kakao Local (header `Authorization: KakaoAK {key}`): the address search
 * (GET /v2/local/search/address.json?query&page&size: documents with x/y in WGS84, for lot
 * addresses b_code, mountain_yn Y/N, main_address_no and sub_address_no, for road addresses
 * zone_no and building_name; meta.total_count and is_end) and, for a point, coord2address and
 * coord2regioncode (kakao-reverse.ts).
 */
export function kakaoAddressSearch({
  baseUrl = 'https://dapi.kakao.com',
  restKey,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  restKey: string;
  fetchImpl?: typeof fetch;
}): AddressSearch {
  const base = baseUrl.replace(/\/$/, '');
  const get = async (path: string, params: Record<string, string>): Promise<KakaoAnswer> => {
    const res = await fetchImpl(`${base}${path}?${new URLSearchParams(params)}`, {
      headers: { Authorization: `KakaoAK ${restKey}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`Kakao Local HTTP ${res.status}`);
    return (await res.json()) as KakaoAnswer;
  };
  // Providers sometimes answer one item as an object: normalise to a list.
  const documentsOf = (json: KakaoAnswer) =>
    Array.isArray(json.documents) ? json.documents : json.documents ? [json.documents] : [];
  return {
    source: 'kakao',
    search: async (query) => {
      const json = await get('/v2/local/search/address.json', { query, size: '10' });
      return documentsOf(json).flatMap((d) => toResult(d) ?? []);
    },
    searchPostcode: async ({ query, page }) => {
      const json = await get('/v2/local/search/address.json', {
        query,
        page: String(page),
        size: String(POSTCODE_PAGE_SIZE),
      });
      // A postcode belongs to a road address: places without one have none to give.
      const list = documentsOf(json)
        .filter((d) => d.road_address !== null)
        .flatMap((d) => toResult(d) ?? []);
      const total = json.meta?.total_count ?? list.length;
      return { list, total, has_more: json.meta?.is_end === false };
    },
    reverse: (point) => kakaoReverse({ get: (path, params) => get(path, params), point }),
  };
}
