import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import type {
  ApartPrice,
  BuildingTitle,
  ExposedArea,
  FloorOutline,
  HousePrice,
  LandPrice,
  LookupSource,
} from '../../../sync/public-data/public-data.ts';

/** One page of a provider's list, and how many rows the whole list has. */
export interface ProviderPage<T> {
  rows: T[];
  total: number;
}

/**
 * Reads one page (1-based) of a provider's list; `signal` aborts it (its own time, the look-up's
 * budget, or the member giving up). Paging itself (which pages, how long, what is kept) is the
 * service's: server/public-data/pages.ts.
 */
export type PageReader<A, T> = (
  args: A & { pageNo: number; signal: AbortSignal },
) => Promise<ProviderPage<T>>;

/**
 * The building register (data.go.kr BldRgstHubService) and the official prices (VWorld NED),
 * each asked by PNU a page at a time. A provider that fails throws `PublicDataError`; an empty
 * answer is no rows.
 */
export interface BuildingRegister {
  source: LookupSource;
  /** Rows in a full page. */
  pageRows: number;
  titles: PageReader<{ pnu: string }, BuildingTitle>;
  floors: PageReader<{ pnu: string }, FloorOutline>;
  exposedAreas: PageReader<{ pnu: string }, ExposedArea>;
}

export interface PriceService {
  source: LookupSource;
  pageRows: number;
  landPrices: PageReader<{ pnu: string }, LandPrice>;
  /** Every unit of the complex, or one unit's years with dongNm and hoNm. */
  apartPrices: PageReader<{ pnu: string; dongNm?: string; hoNm?: string }, ApartPrice>;
  housePrices: PageReader<{ pnu: string }, HousePrice>;
}

/** A list answered whole (the bundled sample): page 1 holds every row. */
export function wholeList<A, T>(all: (args: A) => Promise<T[]>): PageReader<A, T> {
  return async (args) => {
    const rows = await all(args);
    return args.pageNo === 1 ? { rows, total: rows.length } : { rows: [], total: rows.length };
  };
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
 * GET that gives up when `signal` aborts: a provider that hangs or drops the connection is
 * 'unavailable', never a request that waits forever. Answers the body as text (errors may be XML
 * even when JSON was asked).
 */
export async function getText({
  url,
  signal,
  fetchImpl = fetch,
}: {
  url: string;
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
}): Promise<{ status: number; body: string }> {
  try {
    const res = await fetchImpl(url, { signal });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    throw new PublicDataError('unavailable', (err as Error).message);
  }
}

/**
 * JSON as providers write it, with every integer beyond 2^53 kept as its digits: a building's
 * `mgmBldrgstPk` comes as a bare integer of up to 20 digits, which `JSON.parse` rounds, so two
 * buildings would share one id. Node 20's JSON.parse gives a reviver no source text, so the
 * numbers are read by lossless-json, which hands over each number's own text.
 */
export function parseProviderJson(body: string): unknown {
  return parseLossless(body, null, (digits) => (isSafeNumber(digits) ? Number(digits) : digits));
}
