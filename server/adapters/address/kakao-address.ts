import type { AddressResult } from '../../../sync/api/address.api.ts';
import type { AddressSearch } from './address.ts';

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
  road_address: { address_name: string } | null;
}

/**
 * Kakao Local address search (GET /v2/local/search/address.json, header
 * `Authorization: KakaoAK {key}`): documents carry x/y (WGS84) and, for lot addresses,
 * b_code, mountain_yn Y/N, main_address_no and sub_address_no.
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
  return {
    search: async (query) => {
      const url = `${baseUrl.replace(/\/$/, '')}/v2/local/search/address.json?${new URLSearchParams({ query, size: '10' })}`;
      const res = await fetchImpl(url, {
        headers: { Authorization: `KakaoAK ${restKey}` },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`Kakao Local HTTP ${res.status}`);
      const json = (await res.json()) as { documents?: KakaoDocument[] | KakaoDocument };
      // Providers sometimes answer one item as an object: normalise to a list.
      const docs = Array.isArray(json.documents) ? json.documents : json.documents ? [json.documents] : [];
      return docs
        .filter((d) => d.address !== null)
        .map((d): AddressResult => {
          const a = d.address as NonNullable<KakaoDocument['address']>;
          const main = Number(a.main_address_no || 0);
          // A place (REGION, or any answer without a lot number) is an area, not a parcel: no lot
          // 0-0 is made up for it, and it says so, so nothing builds a PNU from it.
          const parcel = d.address_type !== 'REGION' && d.address_type !== 'ROAD' && main > 0;
          return {
            address_name: a.address_name || d.address_name,
            road_address: d.road_address?.address_name ?? null,
            latitude: Number(d.y),
            longitude: Number(d.x),
            b_code: a.b_code ?? '',
            land_type: a.mountain_yn === 'Y' ? 2 : 1,
            main_address_no: parcel ? main : 0,
            sub_address_no: parcel ? Number(a.sub_address_no || 0) : 0,
            precision: parcel ? 'exact' : 'approximate',
          };
        });
    },
  };
}
