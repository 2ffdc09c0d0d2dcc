import type { Page } from '../../sync/api/page.ts';
import type {
  AdminPointLogItem,
  PointLogItem,
  PointMember,
  UsageLogItem,
} from '../../sync/api/points.api.ts';
import { Limits } from '../../sync/constants.ts';
import type { Db } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';
import type { User } from '../users/users.tables.ts';

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

export function toPointMember(u: User): PointMember {
  return {
    f_idx: u.f_idx,
    f_name: u.f_name,
    f_phone: u.f_phone,
    f_affiliation: u.f_affiliation,
    f_point: Math.max(0, u.f_point),
    f_usage_date: u.f_usage_date,
    f_made_count: u.f_made_count,
    f_push_count: u.f_push_count,
  };
}
