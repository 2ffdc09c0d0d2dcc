import type { Db } from '../db/database.ts';
import type { User } from '../users/users.tables.ts';

/**
 * The rows of each downloadable table, read in chunks after a row number (keyset), so the
 * workbook streams while it is read and no read holds the one connection across a wait.
 */
export const EXPORT_CHUNK = 500;

/** Members as the member tab lists them (withdrawn ones are gone), oldest first. */
export function memberChunk({ db, after }: { db: Db; after: number }): Promise<User[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('f_withdrawn_time', 'is', null)
    .where('f_idx', '>', after)
    .orderBy('f_idx')
    .limit(EXPORT_CHUNK)
    .execute();
}

export function pointLogChunk({ db, after }: { db: Db; after: number }) {
  return db
    .selectFrom('point_logs as l')
    .innerJoin('users as u', 'u.f_idx', 'l.f_user_idx')
    .leftJoin('users as a', 'a.f_idx', 'l.f_admin_idx')
    .select([
      'l.f_idx',
      'l.f_reg_time',
      'l.f_user_idx',
      'u.f_name',
      'u.f_phone',
      'l.f_type',
      'l.f_point',
      'l.f_point_final',
      'l.f_reason',
      'l.f_memo',
      'a.f_name as admin_name',
    ])
    .where('l.f_idx', '>', after)
    .orderBy('l.f_idx')
    .limit(EXPORT_CHUNK)
    .execute();
}

export function loginLogChunk({ db, after }: { db: Db; after: number }) {
  return db
    .selectFrom('login_logs as l')
    .innerJoin('users as u', 'u.f_idx', 'l.f_user_idx')
    .leftJoin('users as a', 'a.f_idx', 'l.f_by_admin')
    .select([
      'l.f_idx',
      'l.f_time',
      'l.f_user_idx',
      'u.f_name',
      'u.f_phone',
      'l.f_device_id',
      'l.f_ip',
      'l.f_user_agent',
      'l.f_is_web',
      'a.f_name as admin_name',
    ])
    .where('l.f_idx', '>', after)
    .orderBy('l.f_idx')
    .limit(EXPORT_CHUNK)
    .execute();
}
