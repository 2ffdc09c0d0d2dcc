import type { AdminUser, LoginLogRow } from '../../sync/api/admin-members.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';
import type { User, UserUpdate } from '../users/users.tables.ts';
import type { AdminAuditTable } from './members.tables.ts';

/** The admin view of members (spec §3 User, admin view), with the counts it shows. */
export async function toAdminUsers({ db, users }: { db: Db; users: User[] }): Promise<AdminUser[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.f_idx);
  const saleCounts = await db
    .selectFrom('sites')
    .select(['f_user_idx', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f_user_idx', 'in', ids)
    .where('f_status', '!=', 'D')
    .groupBy('f_user_idx')
    .execute();
  const answers = await db
    .selectFrom('cert_answers as a')
    .innerJoin('cert_questions as q', 'q.f_idx', 'a.f_question_idx')
    .select(['a.f_user_idx', 'q.f_question', 'q.f_answer_list', 'a.f_answer', 'a.f_answer_status'])
    .where('a.f_user_idx', 'in', ids)
    .orderBy('q.f_order')
    .execute();
  const sales = new Map(saleCounts.map((r) => [r.f_user_idx, Number(r.n)]));
  // Community: published posts still on the board.
  const postCounts = await db
    .selectFrom('community_posts')
    .select(['f_user_idx', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f_user_idx', 'in', ids)
    .where('f_removed_time', 'is', null)
    .groupBy('f_user_idx')
    .execute();
  const posts = new Map(postCounts.map((r) => [r.f_user_idx, Number(r.n)]));
  // Notifications: the member's rows of the notifications table, whatever writes them.
  const notifyCounts = await db
    .selectFrom('notifications')
    .select(['f_user_idx', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f_user_idx', 'in', ids)
    .groupBy('f_user_idx')
    .execute();
  const notifies = new Map(notifyCounts.map((r) => [r.f_user_idx, Number(r.n)]));
  return users.map((u) => ({
    f_idx: u.f_idx,
    f_type: u.f_type,
    f_phone: u.f_phone,
    f_name: u.f_name,
    f_affiliation: u.f_affiliation,
    f_business_card: u.f_business_card,
    f_point: Math.max(0, u.f_point),
    f_usage_date: u.f_usage_date,
    f_made_count: u.f_made_count,
    f_push_count: u.f_push_count,
    f_admin_authority: u.f_admin_authority,
    f_approval: u.f_approval,
    f_status: u.f_status,
    f_release_date: u.f_release_date,
    f_reg_time: u.f_reg_time,
    f_last_access: u.f_last_access,
    f_sale_count: sales.get(u.f_idx) ?? 0,
    f_community_count: posts.get(u.f_idx) ?? 0,
    f_notify_count: notifies.get(u.f_idx) ?? 0,
    f_warned_count: u.f_warned_count,
    f_charge_point: u.f_charge_point,
    answer_list: answers
      .filter((a) => a.f_user_idx === u.f_idx)
      .map((a) => ({
        f_question: a.f_question,
        f_answer: (JSON.parse(a.f_answer_list) as string[])[a.f_answer] ?? String(a.f_answer),
        f_answer_status: a.f_answer_status,
      })),
  }));
}

export async function activeUserByPhone({ db, phone }: { db: Db; phone: string }) {
  return db.selectFrom('users').selectAll().where('f_phone', '=', phone).executeTakeFirst();
}

/** Applicants under review, oldest first (getPendingUserList pages by offset and limit). */
export function pendingUserPage({
  db,
  offset,
  limit,
}: {
  db: Db;
  offset: number;
  limit: number;
}): Promise<Page<User>> {
  return selectPage({
    query: db
      .selectFrom('users')
      .where('f_approval', '=', 'P')
      .where('f_withdrawn_time', 'is', null)
      .selectAll()
      .orderBy('f_reg_time')
      .orderBy('f_idx'),
    offset,
    limit,
  });
}

/** Members whose phone contains the digits (all when empty), newest first. */
export function userPageByPhone({
  db,
  phone,
  page,
}: {
  db: Db;
  phone: string;
  page: number;
}): Promise<Page<User>> {
  let query = db.selectFrom('users').where('f_withdrawn_time', 'is', null);
  if (phone) query = query.where('f_phone', 'like', `%${phone}%`);
  return selectPage({ query: query.selectAll().orderBy('f_idx', 'desc'), page, limit: Limits.pageSize });
}

/** Sign-ins of members whose phone contains the digits (all when empty), newest first. */
export function loginLogPage({
  db,
  phone,
  page,
}: {
  db: Db;
  phone: string;
  page: number;
}): Promise<Page<LoginLogRow>> {
  let query = db.selectFrom('login_logs as l').innerJoin('users as u', 'u.f_idx', 'l.f_user_idx');
  if (phone) query = query.where('u.f_phone', 'like', `%${phone}%`);
  return selectPage({
    query: query
      .select([
        'l.f_idx',
        'l.f_time',
        'l.f_user_idx',
        'u.f_name',
        'u.f_phone',
        'l.f_device_id',
        'l.f_ip',
        'l.f_user_agent',
        'l.f_by_admin',
      ])
      .orderBy('l.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

const LOCK_FAILURES = 5;
const LOCK_WINDOW_MS = 10 * 60_000;
const LOCK_CLOSED_MS = 10 * 60_000;

/**
 * How long the admin's lock stays closed from `now`, in ms (0: open to a try): closed for ten
 * minutes from the fifth wrong password within ten minutes.
 */
export async function lockThrottle({
  db,
  adminIdx,
  now,
}: {
  db: DbOrTx;
  adminIdx: number;
  now: Date;
}): Promise<number> {
  const recent = await db
    .selectFrom('admin_lock_failures')
    .select('f_time')
    .where('f_user_idx', '=', adminIdx)
    .where('f_time', '>', new Date(now.getTime() - LOCK_WINDOW_MS - LOCK_CLOSED_MS).toISOString())
    .orderBy('f_time', 'desc')
    .limit(LOCK_FAILURES)
    .execute();
  const last = recent[0];
  const fifth = recent[LOCK_FAILURES - 1];
  if (!last || !fifth) return 0;
  const lastTime = new Date(last.f_time).getTime();
  if (lastTime - new Date(fifth.f_time).getTime() > LOCK_WINDOW_MS) return 0;
  return Math.max(0, lastTime + LOCK_CLOSED_MS - now.getTime());
}

export async function recordLockFailure({
  db,
  adminIdx,
  now,
  ip,
}: {
  db: DbOrTx;
  adminIdx: number;
  now: Date;
  ip: string;
}): Promise<void> {
  await db
    .insertInto('admin_lock_failures')
    .values({ f_user_idx: adminIdx, f_time: now.toISOString(), f_ip: ip.slice(0, 64) })
    .execute();
}

/** A right password forgets the wrong ones before it. */
export async function clearLockFailures({ db, adminIdx }: { db: DbOrTx; adminIdx: number }): Promise<void> {
  await db.deleteFrom('admin_lock_failures').where('f_user_idx', '=', adminIdx).execute();
}

export async function insertAudit({
  db,
  adminIdx,
  action,
  targetIdx,
  detail,
  ip,
  now,
}: {
  db: DbOrTx;
  adminIdx: number;
  action: AdminAuditTable['f_action'];
  targetIdx: number | null;
  detail: Record<string, unknown>;
  ip: string;
  now: Date;
}): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      f_admin_idx: adminIdx,
      f_action: action,
      f_target_idx: targetIdx,
      f_detail: JSON.stringify(detail),
      f_ip: ip.slice(0, 64),
      f_time: now.toISOString(),
    })
    .execute();
}

export function userByIdx({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('f_idx', '=', userIdx).executeTakeFirst();
}

/** Who owns a site, by its listing number; undefined when there is no such site. */
export async function siteOwnerIdx({
  db,
  siteIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
}): Promise<number | undefined> {
  const site = await db
    .selectFrom('sites')
    .select('f_user_idx')
    .where('f_idx', '=', siteIdx)
    .executeTakeFirst();
  return site?.f_user_idx;
}

export async function updateMember({
  db,
  userIdx,
  values,
}: {
  db: DbOrTx;
  userIdx: number;
  values: UserUpdate;
}) {
  await db.updateTable('users').set(values).where('f_idx', '=', userIdx).execute();
}

/**
 * Moves an applicant out of review (approved or rejected) only while still in review: true when
 * this call moved them, so of two decisions at once only one acts.
 */
export async function decidePending({
  db,
  userIdx,
  values,
}: {
  db: DbOrTx;
  userIdx: number;
  values: UserUpdate;
}): Promise<boolean> {
  const moved = await db
    .updateTable('users')
    .set(values)
    .where('f_idx', '=', userIdx)
    .where('f_approval', '=', 'P')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** A phone allowed to sign up without the quiz (a second time changes nothing). */
export async function insertPreregisteredPhone({
  db,
  phone,
  addedBy,
  time,
}: {
  db: DbOrTx;
  phone: string;
  addedBy: number;
  time: string;
}): Promise<void> {
  await db
    .insertInto('preregistered_phones')
    .values({ f_phone: phone, f_added_by: addedBy, f_reg_time: time })
    .onConflict((oc) => oc.column('f_phone').doNothing())
    .execute();
}

/** Opens the admin lock of a session until `until`, or closes it (null). */
export async function setSessionUnlockedUntil({
  db,
  sessionIdx,
  until,
}: {
  db: DbOrTx;
  sessionIdx: number;
  until: string | null;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ admin_unlocked_until: until })
    .where('f_idx', '=', sessionIdx)
    .execute();
}
