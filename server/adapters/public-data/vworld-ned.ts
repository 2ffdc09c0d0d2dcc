import type { ApartPrice, HousePrice, LandPrice } from '../../../sync/public-data/public-data.ts';
import { asList, getText, num, type PriceService, PublicDataError, text } from './public-data.ts';

/** Rows per page (spec §9: public data paging 1000). */
export const NED_PAGE_ROWS = 1000;
const MAX_PAGES = 20;

type Raw = Record<string, unknown>;

interface NedRoot {
  field?: Raw | Raw[];
  totalCount?: string | number;
  resultCode?: string;
  resultMsg?: string;
}

interface NedEnvelope {
  /** Zero results come as `{response:{totalCount:"0"}}`; failures as `{response:{status:"ERROR",error}}`. */
  response?: { status?: string; totalCount?: string; error?: { code?: string; text?: string } };
  [root: string]: unknown;
}

const KEY_CODES = ['INCORRECT_KEY', 'UNAVAILABLE_KEY', 'INVALID_KEY', 'INCORRECT_DOMAIN', 'UNREGISTERED_KEY'];
const QUOTA_CODES = ['OVER_REQUEST_LIMIT', 'LIMIT_EXCEEDED'];

function failureOf(code: string, detail: string): PublicDataError {
  if (KEY_CODES.includes(code)) return new PublicDataError('key', `${code} ${detail}`);
  if (QUOTA_CODES.includes(code)) return new PublicDataError('quota', `${code} ${detail}`);
  return new PublicDataError('unavailable', `${code} ${detail}`);
}

/**
 * VWorld 국가중점데이터 (api.vworld.kr/ned/data): key, domain (the one the key was issued
 * for), pnu, format json, numOfRows 1000, pageNo; the list sits under a root named for the
 * service (`indvdLandPrices`, `apartHousingPrices`, `indvdHousingPrices`) as `field`.
 */
export function vworldNedPrices({
  baseUrl = 'https://api.vworld.kr/ned/data',
  key,
  domain,
  timeoutMs,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  key: string;
  domain: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): PriceService {
  async function page({
    operation,
    root,
    params,
    pageNo,
  }: {
    operation: string;
    root: string;
    params: Record<string, string>;
    pageNo: number;
  }): Promise<{ items: Raw[]; total: number }> {
    const query = new URLSearchParams({
      key,
      domain,
      ...params,
      format: 'json',
      numOfRows: String(NED_PAGE_ROWS),
      pageNo: String(pageNo),
    });
    const { status, body } = await getText({
      url: `${baseUrl.replace(/\/$/, '')}/${operation}?${query}`,
      timeoutMs,
      fetchImpl,
    });
    if (status >= 400) throw new PublicDataError('unavailable', `HTTP ${status}`);
    let json: NedEnvelope;
    try {
      json = JSON.parse(body) as NedEnvelope;
    } catch {
      throw new PublicDataError('unavailable', `not JSON: ${body.slice(0, 80)}`);
    }
    if (json.response?.status === 'ERROR') {
      throw failureOf(json.response.error?.code ?? '', json.response.error?.text ?? '');
    }
    const data = json[root] as NedRoot | undefined;
    if (!data) return { items: [], total: 0 };
    const code = data.resultCode ?? '';
    if (code === '03') return { items: [], total: 0 };
    if (code !== '' && code !== '00' && code !== 'OK') throw failureOf(code, data.resultMsg ?? '');
    return { items: asList(data.field), total: num(data.totalCount) };
  }

  async function all(operation: string, root: string, params: Record<string, string>): Promise<Raw[]> {
    const rows: Raw[] = [];
    for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
      const { items, total } = await page({ operation, root, params, pageNo });
      rows.push(...items);
      if (total <= NED_PAGE_ROWS * pageNo || items.length === 0) break;
    }
    return rows;
  }

  return {
    source: 'provider',
    landPrices: async (pnu) =>
      (await all('getIndvdLandPriceAttr', 'indvdLandPrices', { pnu })).map(
        (r): LandPrice => ({
          stdrYear: text(r.stdrYear),
          pblntfPclnd: num(r.pblntfPclnd),
          pblntfDe: text(r.pblntfDe),
        }),
      ),
    apartPrices: async ({ pnu, dongNm, hoNm }) =>
      (
        await all('getApartHousingPriceAttr', 'apartHousingPrices', {
          pnu,
          ...(dongNm !== undefined ? { dongNm } : {}),
          ...(hoNm !== undefined ? { hoNm } : {}),
        })
      ).map(
        (r): ApartPrice => ({
          aphusNm: text(r.aphusNm),
          dongNm: text(r.dongNm),
          hoNm: text(r.hoNm),
          stdrYear: text(r.stdrYear),
          prvuseAr: num(r.prvuseAr),
          pblntfPc: num(r.pblntfPc),
        }),
      ),
    housePrices: async (pnu) =>
      (await all('getIndvdHousingPriceAttr', 'indvdHousingPrices', { pnu })).map(
        (r): HousePrice => ({
          stdrYear: text(r.stdrYear),
          buldAllTotAr: num(r.buldAllTotAr),
          ladRegstrAr: num(r.ladRegstrAr),
          housePc: num(r.housePc),
        }),
      ),
  };
}
