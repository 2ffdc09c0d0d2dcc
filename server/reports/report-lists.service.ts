import type { Page } from '../../sync/api/page.ts';
import type { AdminReport } from '../../sync/api/reports.api.ts';
import { DAY_MS, seoulDate } from '../clock.ts';
import type { AuthedContext } from '../http/context.ts';
import {
  pendingReportPage,
  reportLogPage,
  reportResultPage,
  reportSitePage,
  reportsOfDayPage,
  unregisteredReportPage,
} from './reports.repository.ts';
import { reportCounts } from './reports.service.ts';

/** The look-ups of the site report screen (spec §2) and of the admin report screens. */

export async function sitesForReport({
  ctx,
  siteName,
  page,
}: {
  ctx: AuthedContext;
  siteName: string;
  page: number;
}) {
  const now = ctx.clock.now();
  const counts = await reportCounts({ db: ctx.db, userIdx: ctx.auth.user.f_idx, now });
  const sites = await reportSitePage({ db: ctx.db, auth: ctx.auth, siteName, day: seoulDate(now), page });
  return { ...sites, ...counts };
}

export function myReportCounts({ ctx }: { ctx: AuthedContext }) {
  return reportCounts({ db: ctx.db, userIdx: ctx.auth.user.f_idx, now: ctx.clock.now() });
}

export function myReportResults({
  ctx,
  siteName,
  page,
}: {
  ctx: AuthedContext;
  siteName: string;
  page: number;
}) {
  return reportResultPage({ db: ctx.db, userIdx: ctx.auth.user.f_idx, siteName, page });
}

export function myUnregisteredReports({ ctx, page }: { ctx: AuthedContext; page: number }) {
  return unregisteredReportPage({ db: ctx.db, userIdx: ctx.auth.user.f_idx, page });
}

export function pendingReports({
  ctx,
  keyword,
  page,
}: {
  ctx: AuthedContext;
  keyword: string;
  page: number;
}) {
  return pendingReportPage({ db: ctx.db, keyword, page });
}

/**
 * Reports made on one Seoul day: `day` days before today (today, yesterday, two days ago) or the
 * date the admin picked (YYYY-MM-DD).
 */
export async function reportsOfDay({
  ctx,
  day,
  page,
}: {
  ctx: AuthedContext;
  day: number | string;
  page: number;
}): Promise<Page<AdminReport> & { date: string }> {
  const date = typeof day === 'string' ? day : seoulDate(new Date(ctx.clock.now().getTime() - day * DAY_MS));
  return { ...(await reportsOfDayPage({ db: ctx.db, day: date, page })), date };
}

export function reportLog({ ctx, keyword, page }: { ctx: AuthedContext; keyword: string; page: number }) {
  return reportLogPage({ db: ctx.db, keyword, page });
}
