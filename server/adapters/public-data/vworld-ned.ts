import type { ApartPrice, HousePrice, LandPrice } from '../../../sync/public-data/public-data.ts';
import {
  asList,
  getText,
  num,
  type PageReader,
  type PriceService,
  type ProviderPage,
  PublicDataError,
  parseProviderJson,
  text,
} from './public-data.ts';

/** Rows per page (spec §9: public data paging 1000). */
export const NED_PAGE_ROWS = 1000;

type Raw = Record<string, unknown>;

/**
 * The list under the root named for the service. Both shapes are answered in the wild: the rows
 * straight under `field` (VWorld's own samples), and wrapped once more as `fields.field` (seen on
 * the apartment prices); one row may come as an object instead of a list in either.
 */
interface NedRoot {
  field?: Raw | Raw[];
  fields?: { field?: Raw | Raw[] } | '';
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
 * `domain` as VWorld compares it with the key: the host the key was issued for (서비스 URL of the
 * key's application, e.g. `app.example.com` or `localhost:8080`), not a URL with its scheme and
 * path. A configured `https://app.example.com/` (or the PUBLIC_URL it falls back to) gives its host.
 */
export function vworldDomain(configured: string): string {
  const value = configured.trim();
  if (value === '') return value;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).host;
  } catch {
    return value;
  }
}

/**
 * VWorld 국가중점데이터 (api.vworld.kr/ned/data): key, domain (the host the key was issued
 * for), pnu, format json, numOfRows 1000, pageNo; the list sits under a root named for the
 * service (`indvdLandPrices`, `apartHousingPrices`, `indvdHousingPrices`).
 */
export function vworldNedPrices({
  baseUrl = 'https://api.vworld.kr/ned/data',
  key,
  domain,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  key: string;
  domain: string;
  fetchImpl?: typeof fetch;
}): PriceService {
  const host = vworldDomain(domain);
  async function page({
    operation,
    root,
    params,
    pageNo,
    signal,
  }: {
    operation: string;
    root: string;
    params: Record<string, string>;
    pageNo: number;
    signal: AbortSignal;
  }): Promise<ProviderPage<Raw>> {
    const query = new URLSearchParams({
      key,
      domain: host,
      ...params,
      format: 'json',
      numOfRows: String(NED_PAGE_ROWS),
      pageNo: String(pageNo),
    });
    const { status, body } = await getText({
      url: `${baseUrl.replace(/\/$/, '')}/${operation}?${query}`,
      signal,
      fetchImpl,
    });
    if (status >= 400) throw new PublicDataError('unavailable', `HTTP ${status}`);
    let json: NedEnvelope;
    try {
      json = parseProviderJson(body) as NedEnvelope;
    } catch {
      throw new PublicDataError('unavailable', `not JSON: ${body.slice(0, 80)}`);
    }
    if (json.response?.status === 'ERROR') {
      throw failureOf(json.response.error?.code ?? '', json.response.error?.text ?? '');
    }
    const data = json[root] as NedRoot | undefined;
    if (!data) return { rows: [], total: 0 };
    const code = data.resultCode ?? '';
    if (code === '03') return { rows: [], total: 0 };
    if (code !== '' && code !== '00' && code !== 'OK') throw failureOf(code, data.resultMsg ?? '');
    const rows = data.field !== undefined ? data.field : data.fields === '' ? undefined : data.fields?.field;
    return { rows: asList(rows), total: num(data.totalCount) };
  }

  const reader =
    <A extends { pnu: string }, T>(
      operation: string,
      root: string,
      map: (r: Raw) => T,
      params: (args: A) => Record<string, string> = ({ pnu }) => ({ pnu }),
    ): PageReader<A, T> =>
    async (args) => {
      const got = await page({
        operation,
        root,
        params: params(args),
        pageNo: args.pageNo,
        signal: args.signal,
      });
      return { rows: got.rows.map(map), total: got.total };
    };

  return {
    source: 'provider',
    pageRows: NED_PAGE_ROWS,
    landPrices: reader(
      'getIndvdLandPriceAttr',
      'indvdLandPrices',
      (r): LandPrice => ({
        stdrYear: text(r.stdrYear),
        pblntfPclnd: num(r.pblntfPclnd),
        pblntfDe: text(r.pblntfDe),
      }),
    ),
    apartPrices: reader(
      'getApartHousingPriceAttr',
      'apartHousingPrices',
      (r): ApartPrice => ({
        aphusNm: text(r.aphusNm),
        dongNm: text(r.dongNm),
        hoNm: text(r.hoNm),
        stdrYear: text(r.stdrYear),
        prvuseAr: num(r.prvuseAr),
        pblntfPc: num(r.pblntfPc),
      }),
      ({ pnu, dongNm, hoNm }: { pnu: string; dongNm?: string; hoNm?: string }) => ({
        pnu,
        ...(dongNm !== undefined ? { dongNm } : {}),
        ...(hoNm !== undefined ? { hoNm } : {}),
      }),
    ),
    housePrices: reader(
      'getIndvdHousingPriceAttr',
      'indvdHousingPrices',
      (r): HousePrice => ({
        stdrYear: text(r.stdrYear),
        buldAllTotAr: num(r.buldAllTotAr),
        ladRegstrAr: num(r.ladRegstrAr),
        housePc: num(r.housePc),
      }),
    ),
  };
}
