import { sql } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import type {
  AdminReport,
  ReportResultItem,
  ReportSiteItem,
  UnregisteredReportItem,
} from '../../sync/api/reports.api.ts';
import { Limits } from '../../sync/constants.ts';
import { ReportRules } from '../../sync/reports/report-types.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { DbOrTx } from '../db/database.ts';
import { containsKeyword } from '../db/keyword.ts';
import { selectPage, sqlPage } from '../db/paging.ts';
import { visibleSitesOf } from '../sites/site-access.repository.ts';
import type { NewReport } from './reports.tables.ts';

/** Inserts a report unless the member made the same one today; null when it already exists. */
export async function insertReportOnce({ db, report }: { db: DbOrTx; report: NewReport }) {
  const row = await db
    .insertInto('reports')
    .values(report)
    // The unique index reports_once_a_day decides, inside the caller's transaction.
    .onConflict((oc) => oc.doNothing())
    .returning('f_idx')
    .executeTakeFirst();
  return row?.f_idx ?? null;
}

export async function countReportsOnDay({ db, userIdx, day }: { db: DbOrTx; userIdx: number; day: string }) {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f_user_idx', '=', userIdx)
    .where('f_report_day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the member's reports were rejected since an admin last lifted a block. */
export async function warnedCountOf({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('f_warned_count')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  return user.f_warned_count;
}

/** A unit of the site with its building's name, or undefined. */
export async function unitOfSite({
  db,
  siteIdx,
  hoIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  hoIdx: number;
}): Promise<{ dong: string; ho: string } | undefined> {
  return db
    .selectFrom('hos as h')
    .innerJoin('dongs as d', 'd.f_idx', 'h.f_dong_idx')
    .select(['d.f_dong as dong', 'h.f_ho as ho'])
    .where('h.f_idx', '=', hoIdx)
    .where('h.f_site_idx', '=', siteIdx)
    .executeTakeFirst();
}

/**
 * Decides a pending report of another member than the admin, in one conditional UPDATE (of two
 * decisions at once one wins); undefined when nothing was pending to decide.
 */
export function decidePendingReport({
  db,
  reportIdx,
  type,
  adminIdx,
  time,
}: {
  db: DbOrTx;
  reportIdx: number;
  type: 'T' | 'F';
  adminIdx: number;
  time: string;
}) {
  return db
    .updateTable('reports')
    .set({ f_result_type: type, f_result_date: time, f_admin_idx: adminIdx })
    .where('f_idx', '=', reportIdx)
    .where('f_result_type', '=', 'U')
    .where('f_user_idx', '!=', adminIdx)
    .returning(['f_user_idx', 'f_site_idx', 'f_ho_idx', 'f_ho_label'])
    .executeTakeFirst();
}

export async function recordReportPoint({
  db,
  reportIdx,
  point,
  logIdx,
}: {
  db: DbOrTx;
  reportIdx: number;
  point: number;
  logIdx: number;
}): Promise<void> {
  await db
    .updateTable('reports')
    .set({ f_point: point, f_point_log_idx: logIdx })
    .where('f_idx', '=', reportIdx)
    .execute();
}

/** One more rejection counted against the member. */
export async function addWarning({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ f_warned_count: eb('f_warned_count', '+', 1) }))
    .where('f_idx', '=', userIdx)
    .execute();
}

/** Clears the member's rejections; false when there is no such member. */
export async function clearWarnings({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<boolean> {
  const user = await db
    .updateTable('users')
    .set({ f_warned_count: 0 })
    .where('f_idx', '=', userIdx)
    .returning('f_idx')
    .executeTakeFirst();
  return user !== undefined;
}

export function reportOutcome({ db, reportIdx }: { db: DbOrTx; reportIdx: number }) {
  return db
    .selectFrom('reports')
    .select(['f_user_idx', 'f_result_type', 'f_point'])
    .where('f_idx', '=', reportIdx)
    .executeTakeFirst();
}

/** New-open sites the member sees, by name (the site report tab). */
export function reportSitePage({
  db,
  auth,
  siteName,
  day,
  page,
}: {
  db: DbOrTx;
  auth: AuthInfo;
  siteName: string;
  day: string;
  page: number;
}): Promise<Page<ReportSiteItem>> {
  return sqlPage<ReportSiteItem>({
    db,
    select: sql`s.f_idx, s.f_name, s.f_address1, s.f_address2, s.f_complete,
      (SELECT COUNT(*) FROM reports r WHERE r.f_site_idx = s.f_idx AND r.f_user_idx = ${auth.user.f_idx}
        AND r.f_report_day = ${day}) AS f_today_reported_cnt`,
    from: sql`FROM sites s WHERE s.f_site_type = 'O' AND s.f_status = 'N'
      AND (${containsKeyword({ db, text: sql`s.f_name`, keyword: siteName })}
        OR ${containsKeyword({ db, text: sql`s.f_address1`, keyword: siteName })})
      ${visibleSitesOf(auth)}`,
    orderBy: sql`s.f_name, s.f_idx`,
    page,
    limit: Limits.pageSize,
  });
}

const resultColumns = [
  'r.f_idx as f_report_idx',
  'r.f_report_type',
  'r.f_report_date',
  'r.f_site_idx',
  's.f_name as f_site_name',
  'r.f_ho_label as f_ho',
  'r.f_result_type',
  'r.f_result_date',
  'r.f_point',
] as const;

/** The member's reports and their outcome (the report result tab). */
export function reportResultPage({
  db,
  userIdx,
  siteName,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  siteName: string;
  page: number;
}): Promise<Page<ReportResultItem>> {
  let query = db
    .selectFrom('reports as r')
    .innerJoin('sites as s', 's.f_idx', 'r.f_site_idx')
    .select(resultColumns)
    .where('r.f_user_idx', '=', userIdx);
  if (siteName) query = query.where(containsKeyword({ db, text: sql`s.f_name`, keyword: siteName }));
  return selectPage({
    query: query.orderBy('r.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

/** The member's unregistered-site reports: sites of kind U they reported. */
export function unregisteredReportPage({
  db,
  userIdx,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  page: number;
}): Promise<Page<UnregisteredReportItem>> {
  return selectPage({
    query: db
      .selectFrom('sites')
      .select(['f_idx', 'f_name', 'f_address1', 'f_address2', 'f_confirm', 'f_reg_time'])
      .where('f_user_idx', '=', userIdx)
      .where('f_site_type', '=', 'U')
      .where('f_status', '!=', 'D')
      .orderBy('f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

function adminReports(db: DbOrTx) {
  return db
    .selectFrom('reports as r')
    .innerJoin('sites as s', 's.f_idx', 'r.f_site_idx')
    .innerJoin('users as u', 'u.f_idx', 'r.f_user_idx')
    .leftJoin('users as a', 'a.f_idx', 'r.f_admin_idx')
    .select(resultColumns)
    .select([
      'r.f_user_idx as f_reporter_idx',
      'u.f_name as f_reporter_name',
      'u.f_phone as f_reporter_phone',
      sql<number>`u.f_warned_count >= ${ReportRules.rejectionsToBlock}`.as('blocked'),
      'r.f_ho_idx',
      'r.f_complete_status',
      'r.f_memo as f_report_memo',
      'r.f_memo_images',
      'a.f_name as f_admin_name',
    ]);
}

type AdminRow = Omit<AdminReport, 'f_reporter_blocked' | 'f_report_memo_images'> & {
  blocked: number;
  f_memo_images: string;
};

function toAdminReport({ blocked, f_memo_images, ...row }: AdminRow): AdminReport {
  return { ...row, f_reporter_blocked: blocked === 1, f_report_memo_images: JSON.parse(f_memo_images) };
}

/** Site name, reporter name or (digits) reporter phone. */
function byKeyword({ db, keyword }: { db: DbOrTx; keyword: string }) {
  const digits = keyword.replace(/\D/g, '');
  const phone = digits ? sql` OR ${containsKeyword({ db, text: sql`u.f_phone`, keyword: digits })}` : sql``;
  return sql<boolean>`(${containsKeyword({ db, text: sql`s.f_name`, keyword })}
    OR ${containsKeyword({ db, text: sql`u.f_name`, keyword })}${phone})`;
}

async function adminPage({ query, page }: { query: ReturnType<typeof adminReports>; page: number }) {
  const result = await selectPage({ query, page, limit: Limits.pageSize });
  return { ...result, list: (result.list as unknown as AdminRow[]).map(toAdminReport) };
}

/** Pending reports, oldest first (getCompleteReqSite). */
export function pendingReportPage({ db, keyword, page }: { db: DbOrTx; keyword: string; page: number }) {
  let query = adminReports(db).where('r.f_result_type', '=', 'U');
  if (keyword) query = query.where(byKeyword({ db, keyword }));
  return adminPage({ query: query.orderBy('r.f_report_date', 'asc').orderBy('r.f_idx', 'asc'), page });
}

/** Reports made on one Seoul day (getSaleReqUserList). */
export function reportsOfDayPage({ db, day, page }: { db: DbOrTx; day: string; page: number }) {
  return adminPage({
    query: adminReports(db).where('r.f_report_day', '=', day).orderBy('r.f_idx', 'desc'),
    page,
  });
}

/** Every report, newest first (the old sale log). */
export function reportLogPage({ db, keyword, page }: { db: DbOrTx; keyword: string; page: number }) {
  let query = adminReports(db);
  if (keyword) query = query.where(byKeyword({ db, keyword }));
  return adminPage({ query: query.orderBy('r.f_report_date', 'desc').orderBy('r.f_idx', 'desc'), page });
}
