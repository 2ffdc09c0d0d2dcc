import type { ProviderPage } from '../adapters/public-data/public-data.ts';
import { PublicDataError } from '../adapters/public-data/public-data.ts';

/** Pages asked of a provider at once: a parcel of 30 pages is read in time without flooding it. */
const PAGES_AT_ONCE = 4;

/** What a look-up read of a paged list: the rows in page order, and whether some are missing. */
export interface PagesRead<T> {
  rows: T[];
  partial: boolean;
}

/** Finished pages kept between look-ups, so a retry of a partial answer asks only for the rest. */
export interface PageStore<T> {
  get: (pageNo: number) => Promise<ProviderPage<T> | undefined>;
  put: (pageNo: number, page: ProviderPage<T>) => Promise<void>;
}

/**
 * Reads a provider's paged list within a budget. Page 1 says how many pages there are; the others
 * are read a few at a time, each with its own time (`pageTimeoutMs`). When the budget runs out,
 * pages still on the way are cancelled and the answer is what arrived, marked partial; so is a
 * list longer than `maxPages`, and one with a page that failed. A failing first page fails the
 * look-up (nothing to show). Every page that arrives is put in `store` at once; `signal` (the
 * member giving up) cancels everything.
 */
export async function readPages<T>({
  read,
  pageRows,
  maxPages,
  pageTimeoutMs,
  budgetMs,
  signal,
  store,
}: {
  read: (args: { pageNo: number; signal: AbortSignal }) => Promise<ProviderPage<T>>;
  pageRows: number;
  maxPages: number;
  pageTimeoutMs: number;
  budgetMs: number;
  signal: AbortSignal;
  store: PageStore<T>;
}): Promise<PagesRead<T>> {
  const budget = AbortSignal.any([signal, AbortSignal.timeout(budgetMs)]);
  const fetchPage = async (pageNo: number): Promise<{ page: ProviderPage<T>; fresh: boolean }> => {
    const kept = await store.get(pageNo);
    if (kept) return { page: kept, fresh: false };
    const pageSignal = AbortSignal.any([budget, AbortSignal.timeout(pageTimeoutMs)]);
    return { page: await read({ pageNo, signal: pageSignal }), fresh: true };
  };
  const { page: first, fresh } = await fetchPage(1);
  const pagesInAll = Math.max(1, Math.ceil(first.total / pageRows));
  // A list of one page is kept as the whole answer; pages are kept only where there are several.
  if (fresh && pagesInAll > 1) await store.put(1, first);
  const pageCount = Math.min(pagesInAll, maxPages);
  const pages: Array<ProviderPage<T> | undefined> = [first];
  let missing = false;
  let next = 2;
  const worker = async () => {
    while (next <= pageCount && !budget.aborted) {
      const pageNo = next++;
      try {
        const got = await fetchPage(pageNo);
        if (got.fresh) await store.put(pageNo, got.page);
        pages[pageNo - 1] = got.page;
      } catch (err) {
        if (!(err instanceof PublicDataError)) throw err;
        missing = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pageCount - 1) }, worker));
  if (signal.aborted) throw new PublicDataError('unavailable', 'the member gave up');
  const arrived = pages.filter((p): p is ProviderPage<T> => p !== undefined);
  return {
    rows: arrived.flatMap((p) => p.rows),
    partial: missing || arrived.length < pageCount || pagesInAll > maxPages,
  };
}
