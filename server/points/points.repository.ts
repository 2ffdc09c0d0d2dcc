import type {
  AdminPointLogItem,
  PointLogItem,
  PointMember,
  UsageLogItem,
} from '../../sync/api/points.api.ts';
import { Limits } from '../../sync/constants.ts';
import type { Db } from '../db/database.ts';
import type { User } from '../users/users.tables.ts';

const page = (pageNum: number) => ({ offset: (pageNum - 1) * Limits.pageSize, limit: Limits.pageSize });

export async function pointLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<{ list: PointLogItem[]; total: number; limit: number }> {
  const base = db.selectFrom('point_logs').where('f_user_idx', '=', userIdx);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const { offset, limit } = page(pageNum);
  const list = await base
    .select(['f_idx', 'f_reg_time', 'f_type', 'f_point', 'f_point_final', 'f_reason', 'f_memo', 'f_ref'])
    .orderBy('f_idx', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { list, total: Number(n), limit };
}

export async function adminPointLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<{ list: AdminPointLogItem[]; total: number; limit: number }> {
  const base = db.selectFrom('point_logs as l').where('l.f_user_idx', '=', userIdx);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const { offset, limit } = page(pageNum);
  const list = await base
    .leftJoin('users as a', 'a.f_idx', 'l.f_admin_idx')
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
    .orderBy('l.f_idx', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { list, total: Number(n), limit };
}

export async function usageLogPage({
  db,
  userIdx,
  pageNum,
}: {
  db: Db;
  userIdx: number;
  pageNum: number;
}): Promise<{ list: UsageLogItem[]; total: number; limit: number }> {
  const base = db.selectFrom('usage_logs as l').where('l.f_user_idx', '=', userIdx);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const { offset, limit } = page(pageNum);
  const list = await base
    .leftJoin('users as a', 'a.f_idx', 'l.f_admin_idx')
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
    .orderBy('l.f_idx', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { list, total: Number(n), limit };
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
