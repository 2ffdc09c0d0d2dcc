import type { Db } from '../../db/database.ts';

/**
 * What the live pokes read: the committed change feed, never a feature's tables. Every query is
 * an index range (sync_clock by key, sync_feed_version per member, sync_site_versions_version and
 * _units by version, sync_feed_key by site), so a look costs the same however large the database.
 */

/** SQLite caps a statement's parameters; PostgreSQL's cap is higher. Lists go in chunks of this. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The change feed's clock: every committed change of anything a device holds moves it. */
export async function feedClock({ db }: { db: Db }): Promise<number> {
  const row = await db.selectFrom('sync_clock').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Of `userIdxs`, the members with a feed row of their own changed after `after` (sites joining or
 *  leaving their scope, likes, memos, notifications, inbox, conflicts). */
export async function membersWithFeedAfter({
  db,
  after,
  userIdxs,
}: {
  db: Db;
  after: number;
  userIdxs: readonly number[];
}): Promise<number[]> {
  const found: number[] = [];
  for (const part of chunks(userIdxs)) {
    const rows = await db
      .selectFrom('sync_feed')
      .select('f_user_idx')
      .distinct()
      .where('f_user_idx', 'in', part)
      .where('version', '>', after)
      .execute();
    for (const row of rows) found.push(row.f_user_idx);
  }
  return found;
}

/** Sites whose content or units changed after `after`, at most `limit` of them (null: more). */
export async function sitesChangedAfter({
  db,
  after,
  limit,
}: {
  db: Db;
  after: number;
  limit: number;
}): Promise<number[] | null> {
  const [content, units] = await Promise.all(
    (['version', 'units_version'] as const).map((column) =>
      db
        .selectFrom('sync_site_versions')
        .select('f_site_idx')
        .where(column, '>', after)
        .limit(limit + 1)
        .execute(),
    ),
  );
  const sites = new Set([...(content ?? []), ...(units ?? [])].map((row) => row.f_site_idx));
  return sites.size > limit ? null : [...sites];
}

/** Of `userIdxs`, the members in whose scope one of `siteIdxs` is. */
export async function membersHoldingSites({
  db,
  siteIdxs,
  userIdxs,
}: {
  db: Db;
  siteIdxs: readonly number[];
  userIdxs: readonly number[];
}): Promise<number[]> {
  const found = new Set<number>();
  for (const sites of chunks(siteIdxs)) {
    for (const members of chunks(userIdxs)) {
      const rows = await db
        .selectFrom('sync_feed')
        .select('f_user_idx')
        .distinct()
        .where('entity', '=', 'site')
        .where('deleted', '=', 0)
        .where('key', 'in', sites)
        .where('f_user_idx', 'in', members)
        .execute();
      for (const row of rows) found.add(row.f_user_idx);
    }
  }
  return [...found];
}

/** Of `sessionIdxs`, the sessions that ended (another device, sign-out, a status change) or expired. */
export async function endedSessions({
  db,
  sessionIdxs,
  now,
}: {
  db: Db;
  sessionIdxs: readonly number[];
  now: Date;
}): Promise<number[]> {
  const ended: number[] = [];
  const nowText = now.toISOString();
  for (const part of chunks(sessionIdxs)) {
    const rows = await db
      .selectFrom('sessions')
      .select('f_idx')
      .where('f_idx', 'in', part)
      .where((eb) => eb.or([eb('ended_at', 'is not', null), eb('expires_at', '<=', nowText)]))
      .execute();
    for (const row of rows) ended.push(row.f_idx);
  }
  return ended;
}
