import type { LookupAnswer, LookupSource } from '../../sync/public-data/public-data.ts';
import { PublicDataError } from '../adapters/public-data/public-data.ts';
import { DAY_MS } from '../clock.ts';
import type { AuthedContext } from '../http/context.ts';
import { ruleViolation } from '../http/errors.ts';
import { metrics } from '../ops/metrics.ts';
import { publicDataMessages } from './public-data.messages.ts';
import { cachedAnswer, countLookup, keepAnswer } from './public-data.repository.ts';

/** Throws when the member started more look-ups this minute than PUBLIC_DATA_PER_MINUTE. */
async function checkRate(ctx: AuthedContext): Promise<void> {
  const count = await countLookup({ db: ctx.db, userIdx: ctx.auth.user.f_idx, now: ctx.clock.now() });
  if (count > ctx.config.publicData.perMinute)
    throw ruleViolation(publicDataMessages.tooMany, { status: 429 });
}

/** The provider's answer, or its failure, within the deadline (a hung provider never holds the member). */
async function withinDeadline<T>({ ctx, work }: { ctx: AuthedContext; work: () => Promise<T> }): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PublicDataError('unavailable', 'deadline passed')),
      ctx.config.publicData.timeoutMs,
    );
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
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

/**
 * One look-up: the member's rate limit, then the cached answer of the same service, key and
 * source while fresh (PUBLIC_DATA_CACHE_DAYS; the data is yearly), else the provider within the
 * deadline, tidied (one row a year, sorted) and kept.
 */
export async function lookUp<T>({
  ctx,
  service,
  key,
  source,
  fetch,
  tidy,
}: {
  ctx: AuthedContext;
  service: string;
  key: string;
  source: LookupSource;
  fetch: () => Promise<T[]>;
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
    return { list: JSON.parse(cached.body) as T[], source, fetched_at: cached.fetchedAt };
  }
  let list: T[];
  try {
    list = tidy(await withinDeadline({ ctx, work: fetch }));
  } catch (err) {
    counted(err instanceof PublicDataError ? err.failure : 'error');
    throw failureMessage({ ctx, err, service });
  }
  counted('fetched');
  const days = ctx.config.publicData.cacheDays;
  if (days > 0) {
    await keepAnswer({
      db: ctx.db,
      service,
      key,
      source,
      body: JSON.stringify(list),
      fetchedAt: now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    });
  }
  return { list, source, fetched_at: now.toISOString() };
}
