import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import type { PointLogsTable, UsageLogsTable } from './points.tables.ts';

/** The rows behind the point ledger (ledger.ts holds its rules): balances, counts and their logs. */

/**
 * Moves a member's balance by `delta` in one conditional UPDATE: a deduction (`delta` < 0) the
 * balance cannot cover changes nothing, so concurrent spends cannot overspend. Answers the new
 * balance, or undefined when nothing changed (no such member, or not enough points).
 */
export async function moveBalance({
  db,
  userIdx,
  delta,
}: {
  db: DbOrTx;
  userIdx: number;
  delta: number;
}): Promise<number | undefined> {
  let update = db
    .updateTable('users')
    .set((eb) => ({ f_point: eb('f_point', '+', delta) }))
    .where('f_idx', '=', userIdx);
  if (delta < 0) update = update.where('f_point', '>=', -delta);
  const row = await update.returning('f_point').executeTakeFirst();
  return row?.f_point;
}

export async function userExists({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<boolean> {
  const row = await db.selectFrom('users').select('f_idx').where('f_idx', '=', userIdx).executeTakeFirst();
  return row !== undefined;
}

export async function insertPointLog({
  db,
  log,
}: {
  db: DbOrTx;
  log: Insertable<PointLogsTable>;
}): Promise<number> {
  const row = await db.insertInto('point_logs').values(log).returning('f_idx').executeTakeFirstOrThrow();
  return row.f_idx;
}

export async function insertUsageLog({
  db,
  log,
}: {
  db: DbOrTx;
  log: Insertable<UsageLogsTable>;
}): Promise<void> {
  await db.insertInto('usage_logs').values(log).execute();
}

/** The member's usage date; undefined when there is no such member. */
export async function usageDateOf({
  db,
  userIdx,
}: {
  db: DbOrTx;
  userIdx: number;
}): Promise<{ f_usage_date: string | null } | undefined> {
  return db.selectFrom('users').select(['f_usage_date']).where('f_idx', '=', userIdx).executeTakeFirst();
}

/** Sets the usage date and adds to the made+ and push counts; answers the three after it. */
export function addUsage({
  db,
  userIdx,
  usageDate,
  made,
  push,
}: {
  db: DbOrTx;
  userIdx: number;
  usageDate: string | null;
  made: number;
  push: number;
}) {
  return db
    .updateTable('users')
    .set((eb) => ({
      f_usage_date: usageDate,
      f_made_count: eb('f_made_count', '+', made),
      f_push_count: eb('f_push_count', '+', push),
    }))
    .where('f_idx', '=', userIdx)
    .returning(['f_usage_date', 'f_made_count', 'f_push_count'])
    .executeTakeFirstOrThrow();
}

/**
 * Takes one made+ or push count in one conditional UPDATE (two spends at once cannot take the
 * last one twice); undefined when the member has none left.
 */
export function takeOneCount({ db, userIdx, kind }: { db: DbOrTx; userIdx: number; kind: 'made' | 'push' }) {
  const column = kind === 'made' ? 'f_made_count' : 'f_push_count';
  return db
    .updateTable('users')
    .set((eb) =>
      kind === 'made'
        ? { f_made_count: eb('f_made_count', '-', 1) }
        : { f_push_count: eb('f_push_count', '-', 1) },
    )
    .where('f_idx', '=', userIdx)
    .where(column, '>=', 1)
    .returning(['f_usage_date', 'f_made_count', 'f_push_count'])
    .executeTakeFirst();
}

/**
 * Marks that a member got the days a new member starts with, only if never marked: true when this
 * call marked it (the one approval that gives them).
 */
export async function markWelcomeGiven({
  db,
  userIdx,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  time: string;
}): Promise<boolean> {
  const first = await db
    .updateTable('users')
    .set({ f_welcome_time: time })
    .where('f_idx', '=', userIdx)
    .where('f_welcome_time', 'is', null)
    .executeTakeFirst();
  return Number(first.numUpdatedRows) > 0;
}
