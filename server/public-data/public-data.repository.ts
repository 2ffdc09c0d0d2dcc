import type { LookupSource } from '../../sync/public-data/public-data.ts';
import type { Db } from '../db/database.ts';

/** The cached answer of one look-up, if still fresh and from the source in use. */
export async function cachedAnswer({
  db,
  service,
  key,
  source,
  now,
}: {
  db: Db;
  service: string;
  key: string;
  source: LookupSource;
  now: Date;
}): Promise<{ body: string; fetchedAt: string } | undefined> {
  const row = await db
    .selectFrom('public_data_cache')
    .select(['f_body', 'f_fetched_at'])
    .where('f_service', '=', service)
    .where('f_key', '=', key)
    .where('f_source', '=', source)
    .where('f_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { body: row.f_body, fetchedAt: row.f_fetched_at } : undefined;
}

export async function keepAnswer(args: {
  db: Db;
  service: string;
  key: string;
  source: LookupSource;
  body: string;
  fetchedAt: Date;
  expiresAt: Date;
}): Promise<void> {
  const row = {
    f_service: args.service,
    f_key: args.key,
    f_source: args.source,
    f_body: args.body,
    f_fetched_at: args.fetchedAt.toISOString(),
    f_expires_at: args.expiresAt.toISOString(),
  };
  await args.db
    .insertInto('public_data_cache')
    .values(row)
    .onConflict((oc) => oc.columns(['f_service', 'f_key']).doUpdateSet(row))
    .execute();
}

/** Answers dropped once expired (the cache-pruning job's work). */
export async function pruneAnswers({ db, now }: { db: Db; now: Date }): Promise<number> {
  const res = await db
    .deleteFrom('public_data_cache')
    .where('f_expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Counts one look-up of the member in the current minute and answers the count so far
 * (this one included); the member's earlier minutes are dropped on the way.
 */
export async function countLookup({
  db,
  userIdx,
  now,
}: {
  db: Db;
  userIdx: number;
  now: Date;
}): Promise<number> {
  const minute = now.toISOString().slice(0, 16);
  await db
    .deleteFrom('public_data_calls')
    .where('f_user_idx', '=', userIdx)
    .where('f_minute', '<', minute)
    .execute();
  const row = await db
    .insertInto('public_data_calls')
    .values({ f_user_idx: userIdx, f_minute: minute, f_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['f_user_idx', 'f_minute'])
        .doUpdateSet((eb) => ({ f_count: eb('public_data_calls.f_count', '+', 1) })),
    )
    .returning('f_count')
    .executeTakeFirstOrThrow();
  return row.f_count;
}
