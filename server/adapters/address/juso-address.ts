import type { AddressResult } from '../../../sync/api/address.api.ts';
import { provinces } from '../../areas/regions.ts';
import { type AddressSearch, POSTCODE_PAGE_SIZE } from './address.ts';

interface JusoItem {
  roadAddr: string;
  jibunAddr: string;
  admCd: string;
  mtYn: '0' | '1';
  lnbrMnnm: string;
  lnbrSlno: string;
  /** 우편번호 (5 digits) and the building's name, "" when it has none. */
  zipNo?: string;
  bdNm?: string;
}

interface JusoAnswer {
  results?: {
    common?: { errorCode: string; errorMessage: string; totalCount?: string };
    juso?: JusoItem[] | JusoItem | null;
  };
}

const districtCentre = new Map(
  provinces.flatMap((p) =>
    p.districts.filter((d) => d.lat !== undefined).map((d) => [d.code, { lat: d.lat, lng: d.lng }] as const),
  ),
);

function toResult(j: JusoItem): AddressResult {
  const centre = districtCentre.get(j.admCd.slice(0, 5));
  return {
    address_name: j.jibunAddr,
    road_address: j.roadAddr || null,
    zip_no: j.zipNo?.trim() || null,
    building_name: j.bdNm?.trim() || null,
    latitude: centre?.lat ?? null,
    longitude: centre?.lng ?? null,
    b_code: j.admCd,
    land_type: j.mtYn === '1' ? 2 : 1,
    main_address_no: Number(j.lnbrMnnm || 0),
    sub_address_no: Number(j.lnbrSlno || 0),
    precision: 'district',
  };
}

/**
 * 도로명주소 검색 API (addrLinkApi.do, resultType=json): results.common.errorCode "0" on
 * success with totalCount, and results.juso[] with roadAddr, jibunAddr, zipNo (우편번호), bdNm,
 * admCd (법정동코드), mtYn 0/1, lnbrMnnm, lnbrSlno; currentPage and countPerPage page it.
 * It gives no coordinates, so the district centre stands in (precision 'district'), and it has
 * no look-up by point: a point picked on the map finds no address through it.
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
  const find = async ({ keyword, page, size }: { keyword: string; page: number; size: number }) => {
    const params = new URLSearchParams({
      confmKey,
      currentPage: String(page),
      countPerPage: String(size),
      keyword,
      resultType: 'json',
    });
    const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/addrlink/addrLinkApi.do?${params}`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`juso HTTP ${res.status}`);
    const json = (await res.json()) as JusoAnswer;
    const common = json.results?.common;
    if (common && common.errorCode !== '0')
      throw new Error(`juso refused: ${common.errorCode} ${common.errorMessage}`);
    const raw = json.results?.juso;
    const items = Array.isArray(raw) ? raw : raw ? [raw] : [];
    const total = Number(common?.totalCount ?? items.length);
    return { list: items.map(toResult), total: Number.isFinite(total) ? total : items.length };
  };
  return {
    source: 'juso',
    search: async (query) => (await find({ keyword: query, page: 1, size: 10 })).list,
    searchPostcode: async ({ query, page }) => {
      const { list, total } = await find({ keyword: query, page, size: POSTCODE_PAGE_SIZE });
      return { list, total, has_more: page * POSTCODE_PAGE_SIZE < total };
    },
    reverse: async () => null,
  };
}
