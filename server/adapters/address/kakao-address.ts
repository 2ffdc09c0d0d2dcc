import type { AddressResult } from '../../../sync/api/address.api.ts';
import type { AddressSearch } from './address.ts';

interface KakaoDocument {
  address_name: string;
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
          return {
            address_name: a.address_name,
            road_address: d.road_address?.address_name ?? null,
            latitude: Number(d.y),
            longitude: Number(d.x),
            b_code: a.b_code,
            land_type: a.mountain_yn === 'Y' ? 2 : 1,
            main_address_no: Number(a.main_address_no || 0),
            sub_address_no: Number(a.sub_address_no || 0),
            precision: 'exact',
          };
        });
    },
  };
}
