import type {
  ApartPrice,
  BuildingTitle,
  ExposedArea,
  FloorOutline,
  HousePrice,
  LandPrice,
  LookupSource,
} from '../../../sync/public-data/public-data.ts';

/**
 * The building register (data.go.kr BldRgstHubService) and the official prices (VWorld NED),
 * each asked by PNU. A provider that fails throws `PublicDataError`; an empty answer is [].
 */
export interface BuildingRegister {
  source: LookupSource;
  titles: (pnu: string) => Promise<BuildingTitle[]>;
  floors: (pnu: string) => Promise<FloorOutline[]>;
  exposedAreas: (pnu: string) => Promise<ExposedArea[]>;
}

export interface PriceService {
  source: LookupSource;
  landPrices: (pnu: string) => Promise<LandPrice[]>;
  /** Every unit of the complex, or one unit's years with dongNm and hoNm. */
  apartPrices: (args: { pnu: string; dongNm?: string; hoNm?: string }) => Promise<ApartPrice[]>;
  housePrices: (pnu: string) => Promise<HousePrice[]>;
}

/** Why a provider gave nothing usable: the service maps each to one message. */
export type PublicDataFailure = 'unavailable' | 'key' | 'quota';

export class PublicDataError extends Error {
  constructor(
    readonly failure: PublicDataFailure,
    detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'PublicDataError';
  }
}

/** One provider answer may carry one item as an object instead of a list: always a list. */
export function asList<T>(value: T | T[] | null | undefined | ''): T[] {
  if (value === null || value === undefined || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** Provider numbers come as text ("84.93", "" or " 1,200"): blanks are 0. */
export function num(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const n = Number(value.replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : 0;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/**
 * GET with a deadline: a provider that hangs or drops the connection is 'unavailable', never a
 * request that waits forever. Answers the body as text (errors may be XML even when JSON was asked).
 */
export async function getText({
  url,
  timeoutMs,
  fetchImpl = fetch,
}: {
  url: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<{ status: number; body: string }> {
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    throw new PublicDataError('unavailable', (err as Error).message);
  }
}
