import type { Facility, FacilityCategory } from '../../../sync/public-data/facilities.ts';
import { asList, num, PublicDataError, text } from '../public-data/public-data.ts';
import type { FacilitySearch } from './facilities.ts';

/** Kakao answers at most 15 documents a page for a category search. */
const PAGE_SIZE = 15;
/** Kakao serves pages 1 to 45; a few nearest pages are all a map needs. */
const MAX_PAGES = 3;

interface KakaoPlace {
  id?: string;
  place_name?: string;
  category_group_code?: string;
  phone?: string;
  address_name?: string;
  road_address_name?: string;
  x?: string;
  y?: string;
  distance?: string;
}

interface KakaoAnswer {
  meta?: { total_count?: number; pageable_count?: number; is_end?: boolean };
  documents?: KakaoPlace | KakaoPlace[];
  /** Failures: `{errorType, message}` with a 4xx status. */
  errorType?: string;
  message?: string;
}

function failureOf({ status, answer }: { status: number; answer: KakaoAnswer | null }): PublicDataError {
  const detail = `HTTP ${status} ${answer?.errorType ?? ''} ${answer?.message ?? ''}`.trim();
  if (status === 401 || status === 403 || answer?.errorType === 'AccessDeniedError')
    return new PublicDataError('key', detail);
  if (status === 429 || answer?.errorType === 'RateLimitExceeded')
    return new PublicDataError('quota', detail);
  return new PublicDataError('unavailable', detail);
}

/**
 * Kakao Local category search (GET /v2/local/search/category.json with category_group_code, x
 * (longitude), y (latitude), radius in metres, sort=distance, page, size; header
 * `Authorization: KakaoAK {key}`). Answers `{meta:{total_count, pageable_count, is_end}, documents}`;
 * pages are read while `is_end` is false, up to `limit` places.
 */
export function kakaoFacilitySearch({
  baseUrl = 'https://dapi.kakao.com',
  restKey,
  timeoutMs,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  restKey: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): FacilitySearch {
  async function page({
    category,
    lat,
    lng,
    radius,
    pageNo,
  }: {
    category: FacilityCategory;
    lat: number;
    lng: number;
    radius: number;
    pageNo: number;
  }): Promise<{ places: KakaoPlace[]; isEnd: boolean }> {
    const query = new URLSearchParams({
      category_group_code: category,
      x: String(lng),
      y: String(lat),
      radius: String(radius),
      sort: 'distance',
      page: String(pageNo),
      size: String(PAGE_SIZE),
    });
    let status: number;
    let body: string;
    try {
      const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/v2/local/search/category.json?${query}`, {
        headers: { Authorization: `KakaoAK ${restKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      body = await res.text();
    } catch (err) {
      throw new PublicDataError('unavailable', (err as Error).message);
    }
    let answer: KakaoAnswer | null = null;
    try {
      answer = JSON.parse(body) as KakaoAnswer;
    } catch {
      // A gateway page instead of JSON: reported with the status below.
    }
    if (status >= 400 || answer === null || answer.errorType) throw failureOf({ status, answer });
    // Some answers carry one document as an object: always a list.
    return { places: asList(answer.documents), isEnd: answer.meta?.is_end !== false };
  }

  return {
    source: 'provider',
    near: async ({ category, lat, lng, radius, limit }) => {
      const places: KakaoPlace[] = [];
      for (let pageNo = 1; pageNo <= MAX_PAGES && places.length < limit; pageNo++) {
        const { places: more, isEnd } = await page({ category, lat, lng, radius, pageNo });
        places.push(...more);
        if (isEnd || more.length === 0) break;
      }
      return places.slice(0, limit).map(
        (p): Facility => ({
          id: text(p.id),
          category,
          name: text(p.place_name),
          address: text(p.road_address_name) || text(p.address_name),
          phone: text(p.phone),
          lat: num(p.y),
          lng: num(p.x),
          distance: Math.round(num(p.distance)),
        }),
      );
    },
  };
}
