import type { AddressResult } from '../../../sync/api/address.api.ts';
import { provinces } from '../../areas/regions.ts';
import type { AddressSearch } from './address.ts';

interface JusoItem {
  roadAddr: string;
  jibunAddr: string;
  admCd: string;
  mtYn: '0' | '1';
  lnbrMnnm: string;
  lnbrSlno: string;
}

const districtCentre = new Map(
  provinces.flatMap((p) =>
    p.districts.filter((d) => d.lat !== undefined).map((d) => [d.code, { lat: d.lat, lng: d.lng }] as const),
  ),
);

/**
 * 도로명주소 검색 API (addrLinkApi.do, resultType=json): results.common.errorCode "0" on
 * success and results.juso[] with jibunAddr, admCd (법정동코드), mtYn 0/1, lnbrMnnm, lnbrSlno.
 * It gives no coordinates, so the district centre stands in (precision 'district').
 */
export function jusoAddressSearch({
  baseUrl = 'https://business.juso.go.kr',
  confmKey,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  confmKey: string;
  fetchImpl?: typeof fetch;
}): AddressSearch {
  return {
    search: async (query) => {
      const params = new URLSearchParams({
        confmKey,
        currentPage: '1',
        countPerPage: '10',
        keyword: query,
        resultType: 'json',
      });
      const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/addrlink/addrLinkApi.do?${params}`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`juso HTTP ${res.status}`);
      const json = (await res.json()) as {
        results?: {
          common?: { errorCode: string; errorMessage: string };
          juso?: JusoItem[] | JusoItem | null;
        };
      };
      const common = json.results?.common;
      if (common && common.errorCode !== '0')
        throw new Error(`juso refused: ${common.errorCode} ${common.errorMessage}`);
      const raw = json.results?.juso;
      const items = Array.isArray(raw) ? raw : raw ? [raw] : [];
      return items.map((j): AddressResult => {
        const centre = districtCentre.get(j.admCd.slice(0, 5));
        return {
          address_name: j.jibunAddr,
          road_address: j.roadAddr || null,
          latitude: centre?.lat ?? null,
          longitude: centre?.lng ?? null,
          b_code: j.admCd,
          land_type: j.mtYn === '1' ? 2 : 1,
          main_address_no: Number(j.lnbrMnnm || 0),
          sub_address_no: Number(j.lnbrSlno || 0),
          precision: 'district',
        };
      });
    },
  };
}
