import * as v from 'valibot';
import { reportHo_app, reportSite } from '../reports/reports.mutators.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import { pageNum } from './page.ts';
import type {
  adminReport,
  reportResultItem,
  reportSiteItem,
  reportsResponses,
  unregisteredReportItem,
} from './reports.responses.ts';

/**
 * Site and unit reports (spec §2 Site report screen, §3 Report, §7) and their admin side
 * (getSaleReqUserList, getCompleteReqSite, payOrRejectForReport). reportSite and reportHo_app
 * are also offline operations, and their calls are declared with them
 * (sync/reports/reports.mutators.ts): the same arguments, online ids bounded like every API id.
 */

export type { ReportCounts, ReportReceipt } from '../reports/reports.mutators.ts';

const searchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters')), '');

/** A calendar date (Seoul), as the admin's date picker sends it: 2026-02-31 is no date. */
const reportDay = v.pipe(
  v.string(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD'),
  v.check((s) => {
    const day = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  }, 'must be a real date'),
);

/** Declared with their offline operations (sync/reports/reports.mutators.ts `online`). */
export const reportSiteCall = reportSite.online;
export const reportHoCall = reportHo_app.online;

export const getReportCountCall = defineCall<Answer<typeof reportsResponses, 'getReportCount'>>()({
  operationId: 'getReportCount',
  method: 'post',
  path: '/report/getReportCount',
  summary: 'The member’s reports today and how many rejections are left before reporting is blocked',
  tag: 'report',
  input: v.object({}),
});

/** A new-open site a member may report. */
export type ReportSiteItem = v.InferOutput<typeof reportSiteItem>;

export const getSiteListForReportCall = defineCall<Answer<typeof reportsResponses, 'getSiteListForReport'>>()(
  {
    operationId: 'getSiteListForReport',
    method: 'post',
    path: '/report/getSiteListForReport',
    summary: 'New-open sites the member sees, by name, 50 a page, to report one',
    tag: 'report',
    input: v.object({ site_name: searchText, page_num: pageNum }),
  },
);

/** One of the member's reports and its outcome (spec §3 f_report_result_list). */
export type ReportResultItem = v.InferOutput<typeof reportResultItem>;

export const getReportResultListCall = defineCall<Answer<typeof reportsResponses, 'getReportResultList'>>()({
  operationId: 'getReportResultList',
  method: 'post',
  path: '/report/getReportResultList',
  summary: 'The member’s reports with their outcome (pending, accepted, rejected), newest first, 50 a page',
  tag: 'report',
  input: v.object({ site_name: searchText, page_num: pageNum }),
});

/** One of the member's unregistered-site reports (sites of kind U). */
export type UnregisteredReportItem = v.InferOutput<typeof unregisteredReportItem>;

export const getUnregisteredReportListCall = defineCall<
  Answer<typeof reportsResponses, 'getUnregisteredReportList'>
>()({
  operationId: 'getUnregisteredReportList',
  method: 'post',
  path: '/report/getUnregisteredReportList',
  summary: 'The member’s unregistered-site reports, newest first, 50 a page',
  tag: 'report',
  input: v.object({ page_num: pageNum }),
});

/** A report as the admins see it. */
export type AdminReport = v.InferOutput<typeof adminReport>;

export const getCompleteReqSiteCall = defineCall<Answer<typeof reportsResponses, 'getCompleteReqSite'>>()({
  operationId: 'getCompleteReqSite',
  method: 'post',
  path: '/admin/getCompleteReqSite',
  summary: 'Pending reports, oldest first, by site name, reporter name or phone, 50 a page',
  tag: 'admin',
  input: v.object({ keyword: searchText, page_num: pageNum }),
});

export const getSaleReqUserListCall = defineCall<Answer<typeof reportsResponses, 'getSaleReqUserList'>>()({
  operationId: 'getSaleReqUserList',
  method: 'post',
  path: '/admin/getSaleReqUserList',
  summary:
    'Reports made on a Seoul day: today (0), yesterday (1), two days ago (2) or a date (YYYY-MM-DD); newest first, 50 a page',
  tag: 'admin',
  input: v.object({
    date: v.optional(v.union([v.picklist([0, 1, 2]), reportDay], 'must be 0, 1, 2 or a date YYYY-MM-DD'), 0),
    page_num: pageNum,
  }),
});

export const getReportLogCall = defineCall<Answer<typeof reportsResponses, 'getReportLog'>>()({
  operationId: 'getReportLog',
  method: 'post',
  path: '/admin/getReportLog',
  summary: 'Every report ever made (the old sale log), newest first, by site name, reporter name or phone',
  tag: 'admin',
  input: v.object({ keyword: searchText, page_num: pageNum }),
});

export interface ReportDecision {
  f_report_idx: number;
  f_result_type: 'T' | 'F';
  f_point: number;
}

export const payOrRejectForReportCall = defineCall<Answer<typeof reportsResponses, 'payOrRejectForReport'>>()(
  {
    operationId: 'payOrRejectForReport',
    method: 'post',
    path: '/admin/payOrRejectForReport',
    summary: 'Pay (type T) a pending report, crediting its reward once, or reject it (F)',
    tag: 'admin',
    input: v.object({
      report_idx: rowId,
      /** T pays; F rejects (spec §7: T pay, else reject). */
      type: v.picklist(['T', 'F'], 'must be T to pay or F to reject'),
    }),
  },
);

export const liftReportBlockCall = defineCall<Answer<typeof reportsResponses, 'liftReportBlock'>>()({
  operationId: 'liftReportBlock',
  method: 'post',
  path: '/admin/liftReportBlock',
  summary: 'Let a member blocked by three rejected reports report again',
  tag: 'admin',
  input: v.object({ user_idx: rowId }),
});
