import type { LookupAnswer, LookupSource } from '../../sync/public-data/public-data.ts';
import { type ProviderPage, PublicDataError } from '../adapters/public-data/public-data.ts';
import { DAY_MS } from '../clock.ts';
import type { AuthedContext } from '../http/context.ts';
import { ruleViolation } from '../http/errors.ts';
import { metrics } from '../ops/metrics.ts';
import { type PageStore, type PagesRead, readPages } from './pages.ts';
import { publicDataMessages } from './public-data.messages.ts';
import { cachedAnswer, countLookup, keepAnswer } from './public-data.repository.ts';

/** Throws when the member started more look-ups this minute than PUBLIC_DATA_PER_MINUTE. */
async function checkRate(ctx: AuthedContext): Promise<void> {
  const count = await countLookup({ db: ctx.db, userIdx: ctx.auth.user.f_idx, now: ctx.clock.now() });
  if (count > ctx.config.publicData.perMinute)
    throw ruleViolation(publicDataMessages.tooMany, { status: 429 });
}

/** The provider's answer, or its failure, within the budget: a hung provider never holds the member. */
async function withinDeadline<T>({
  ctx,
  work,
}: {
  ctx: AuthedContext;
  work: (signal: AbortSignal) => Promise<T>;
}): Promise<T> {
  const signal = AbortSignal.any([ctx.requestSignal(), AbortSignal.timeout(ctx.config.publicData.timeoutMs)]);
  let stop: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    stop = () => reject(new PublicDataError('unavailable', 'deadline passed'));
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([work(signal), deadline]);
  } finally {
    if (stop) signal.removeEventListener('abort', stop);
  }
}

function failureMessage({ ctx, err, service }: { ctx: AuthedContext; err: unknown; service: string }) {
  if (!(err instanceof PublicDataError)) throw err;
  // A refused key is the operator's to fix: logged loudly, the member only hears 'unavailable'.
  ctx.logger[err.failure === 'key' ? 'error' : 'warn'](
    { reqId: ctx.requestId, service, err: err.message },
    'public data look-up failed',
  );
  return ruleViolation(err.failure === 'quota' ? publicDataMessages.quota : publicDataMessages.unavailable, {
    status: 503,
  });
}

/** Pages read of one list at most: 50 pages of the register are 5,000 rows; past that the answer is partial. */
export const MAX_PAGES = 50;

/** A provider's list read a page at a time (server/public-data/pages.ts). */
export interface PagedFetch<T> {
  pageRows: number;
  read: (args: { pageNo: number; signal: AbortSignal }) => Promise<ProviderPage<T>>;
}

/**
 * One look-up: the member's rate limit, then the cached answer of the same service, key and
 * source while fresh (PUBLIC_DATA_CACHE_DAYS; the data is yearly), else the provider within the
 * budget, tidied (one row a year, sorted) and kept. A paged list (`pages`) keeps each page that
 * arrived, so a partial answer (pages missing when the budget ran out, or a list past MAX_PAGES)
 * is completed by a later look-up without asking again for what it has; only a whole answer is
 * kept as the answer. A list answered in one go is `fetch`.
 */
export async function lookUp<T>({
  ctx,
  service,
  key,
  source,
  fetch,
  pages,
  tidy,
}: {
  ctx: AuthedContext;
  service: string;
  key: string;
  source: LookupSource;
  fetch?: (signal: AbortSignal) => Promise<T[]>;
  pages?: PagedFetch<T>;
  tidy: (rows: T[]) => T[];
}): Promise<LookupAnswer<T>> {
  const counted = (outcome: string) => metrics.publicData({ provider: source, service, outcome });
  try {
    await checkRate(ctx);
  } catch (err) {
    counted('limited');
    throw err;
  }
  const now = ctx.clock.now();
  const cached = await cachedAnswer({ db: ctx.db, service, key, source, now });
  if (cached) {
    counted('cached');
    return { list: JSON.parse(cached.body) as T[], source, fetched_at: cached.fetchedAt, partial: false };
  }
  const days = ctx.config.publicData.cacheDays;
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  let got: PagesRead<T>;
  try {
    if (pages) {
      got = await readPages({
        read: pages.read,
        pageRows: pages.pageRows,
        maxPages: MAX_PAGES,
        pageTimeoutMs: ctx.config.publicData.pageTimeoutMs,
        budgetMs: ctx.config.publicData.timeoutMs,
        signal: ctx.requestSignal(),
        store: pageStore<T>({ ctx, service, key, source, now, expiresAt, keep: days > 0 }),
      });
    } else if (fetch) {
      got = { rows: await withinDeadline({ ctx, work: fetch }), partial: false };
    } else {
      throw new Error(`look-up ${service} has nothing to fetch`);
    }
  } catch (err) {
    counted(err instanceof PublicDataError ? err.failure : 'error');
    throw failureMessage({ ctx, err, service });
  }
  counted(got.partial ? 'partial' : 'fetched');
  const list = tidy(got.rows);
  if (got.partial) {
    ctx.logger.warn({ reqId: ctx.requestId, service, rows: got.rows.length }, 'public data look-up partial');
  } else if (days > 0) {
    await keepAnswer({
      db: ctx.db,
      service,
      key,
      source,
      body: JSON.stringify(list),
      fetchedAt: now,
      expiresAt,
    });
  }
  return { list, source, fetched_at: now.toISOString(), partial: got.partial };
}

/** The finished pages of one look-up, in the answer cache beside whole answers (`<service>:page`). */
function pageStore<T>({
  ctx,
  service,
  key,
  source,
  now,
  expiresAt,
  keep,
}: {
  ctx: AuthedContext;
  service: string;
  key: string;
  source: LookupSource;
  now: Date;
  expiresAt: Date;
  keep: boolean;
}): PageStore<T> {
  const at = (pageNo: number) => ({ service: `${service}:page`, key: `${key}:${pageNo}`, source });
  return {
    get: async (pageNo) => {
      if (!keep) return undefined;
      const row = await cachedAnswer({ db: ctx.db, ...at(pageNo), now });
      return row ? (JSON.parse(row.body) as ProviderPage<T>) : undefined;
    },
    put: async (pageNo, page) => {
      if (!keep) return;
      await keepAnswer({ db: ctx.db, ...at(pageNo), body: JSON.stringify(page), fetchedAt: now, expiresAt });
    },
  };
}
