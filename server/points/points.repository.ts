import type { Insertable } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import type { AdminPointLogItem, PointLogItem, UsageLogItem } from '../../sync/api/points.api.ts';
import { Limits } from '../../sync/constants.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';
import type { User } from '../users/users.tables.ts';
import type { PurchaseRequestsTable } from './points.tables.ts';

export function pointLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<Page<PointLogItem>> {
  return selectPage({
    query: db
      .selectFrom('point_logs')
      .where('f_user_idx', '=', userIdx)
      .select(['f_idx', 'f_reg_time', 'f_type', 'f_point', 'f_point_final', 'f_reason', 'f_memo', 'f_ref'])
      .orderBy('f_idx', 'desc'),
    page: pageNum,
    limit: Limits.pageSize,
  });
}

export function adminPointLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<Page<AdminPointLogItem>> {
  return selectPage({
    query: db
      .selectFrom('point_logs as l')
      .leftJoin('users as a', 'a.f_idx', 'l.f_admin_idx')
      .where('l.f_user_idx', '=', userIdx)
      .select([
        'l.f_idx',
        'l.f_reg_time',
        'l.f_type',
        'l.f_point',
        'l.f_point_final',
        'l.f_reason',
        'l.f_memo',
        'l.f_ref',
        'l.f_admin_idx',
        'a.f_name as f_admin_name',
      ])
      .orderBy('l.f_idx', 'desc'),
    page: pageNum,
    limit: Limits.pageSize,
  });
}

export function usageLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<Page<UsageLogItem>> {
  return selectPage({
    query: db
      .selectFrom('usage_logs as l')
      .leftJoin('users as a', 'a.f_idx', 'l.f_admin_idx')
      .where('l.f_user_idx', '=', userIdx)
      .select([
        'l.f_idx',
        'l.f_reg_time',
        'l.f_days',
        'l.f_made',
        'l.f_push',
        'l.f_usage_date_final',
        'l.f_reason',
        'l.f_memo',
        'l.f_admin_idx',
        'a.f_name as f_admin_name',
      ])
      .orderBy('l.f_idx', 'desc'),
    page: pageNum,
    limit: Limits.pageSize,
  });
}

/** A member's balance and their made+ and push counts. */
export function pointsAndCounts({ db, userIdx }: { db: DbOrTx; userIdx: number }) {
  return db
    .selectFrom('users')
    .select(['f_point', 'f_made_count', 'f_push_count'])
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
}

export function userByIdx({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('f_idx', '=', userIdx).executeTakeFirst();
}

/** The purchase a member already made under an idempotency key, with its answer. */
export function findPurchaseRequest({ db, userIdx, key }: { db: DbOrTx; userIdx: number; key: string }) {
  return db
    .selectFrom('purchase_requests')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .where('f_key', '=', key)
    .executeTakeFirst();
}

export async function insertPurchaseRequest({
  db,
  request,
}: {
  db: DbOrTx;
  request: Insertable<PurchaseRequestsTable>;
}): Promise<void> {
  await db.insertInto('purchase_requests').values(request).execute();
}
