import * as v from 'valibot';
import type { ReportResult, ReportType } from '../reports/report-types.ts';
import { type ReportCounts, reportHo_app, reportSite } from '../reports/reports.mutators.ts';
import { defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import type { Page } from './page.ts';
import { pageNum } from './page.ts';

/**
 * Site and unit reports (spec §2 Site report screen, §3 Report, §7) and their admin side
 * (getSaleReqUserList, getCompleteReqSite, payOrRejectForReport). reportSite and reportHo_app
 * are also offline operations, and their calls are declared with them
 * (sync/reports/reports.mutators.ts): the same arguments, online ids bounded like every API id.
 */

export type { ReportCounts, ReportReceipt } from '../reports/reports.mutators.ts';

const searchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters')), '');

/** Declared with their offline operations (sync/reports/reports.mutators.ts `online`). */
export const reportSiteCall = reportSite.online;
export const reportHoCall = reportHo_app.online;

export const getReportCountCall = defineCall<ReportCounts>()({
  operationId: 'getReportCount',
  method: 'post',
  path: '/report/getReportCount',
  summary: 'The member’s reports today and how many rejections are left before reporting is blocked',
  tag: 'report',
  input: v.object({}),
});

/** A new-open site a member may report. */
export interface ReportSiteItem {
  f_idx: number;
  f_name: string;
  f_address1: string;
  f_address2: string;
  f_complete: 'Y' | 'N';
  /** The member's reports on it today. */
  f_today_reported_cnt: number;
}

export const getSiteListForReportCall = defineCall<Page<ReportSiteItem> & ReportCounts>()({
  operationId: 'getSiteListForReport',
  method: 'post',
  path: '/report/getSiteListForReport',
  summary: 'New-open sites the member sees, by name, 50 a page, to report one',
  tag: 'report',
  input: v.object({ site_name: searchText, page_num: pageNum }),
});

/** One of the member's reports and its outcome (spec §3 f_report_result_list). */
export interface ReportResultItem {
  f_report_idx: number;
  f_report_type: ReportType;
  f_report_date: string;
  f_site_idx: number;
  f_site_name: string;
  /** The unit of a unit report ('' for a site report). */
  f_ho: string;
  f_result_type: ReportResult;
  f_result_date: string | null;
  /** Points credited (0 while pending or when rejected). */
  f_point: number;
}

export const getReportResultListCall = defineCall<Page<ReportResultItem>>()({
  operationId: 'getReportResultList',
  method: 'post',
  path: '/report/getReportResultList',
  summary: 'The member’s reports with their outcome (pending, accepted, rejected), newest first, 50 a page',
  tag: 'report',
  input: v.object({ site_name: searchText, page_num: pageNum }),
});

/** One of the member's unregistered-site reports (sites of kind U). */
export interface UnregisteredReportItem {
  f_idx: number;
  f_name: string;
  f_address1: string;
  f_address2: string;
  /** U while the managers have not confirmed it. */
  f_confirm: string | null;
  f_reg_time: string;
}

export const getUnregisteredReportListCall = defineCall<Page<UnregisteredReportItem>>()({
  operationId: 'getUnregisteredReportList',
  method: 'post',
  path: '/report/getUnregisteredReportList',
  summary: 'The member’s unregistered-site reports, newest first, 50 a page',
  tag: 'report',
  input: v.object({ page_num: pageNum }),
});

/** A report as the admins see it. */
export interface AdminReport extends ReportResultItem {
  f_reporter_idx: number;
  f_reporter_name: string;
  f_reporter_phone: string;
  /** Three rejected reports: the reporter may not report until lifted. */
  f_reporter_blocked: boolean;
  f_ho_idx: number | null;
  f_complete_status: 'Y' | 'N';
  f_report_memo: string;
  f_report_memo_images: string[];
  /** Who paid or rejected it. */
  f_admin_name: string | null;
}

export const getCompleteReqSiteCall = defineCall<Page<AdminReport>>()({
  operationId: 'getCompleteReqSite',
  method: 'post',
  path: '/admin/getCompleteReqSite',
  summary: 'Pending reports, oldest first, by site name, reporter name or phone, 50 a page',
  tag: 'admin',
  input: v.object({ keyword: searchText, page_num: pageNum }),
});

export const getSaleReqUserListCall = defineCall<Page<AdminReport> & { date: string }>()({
  operationId: 'getSaleReqUserList',
  method: 'post',
  path: '/admin/getSaleReqUserList',
  summary: 'Reports made today (0), yesterday (1) or two days ago (2), Seoul days, newest first, 50 a page',
  tag: 'admin',
  input: v.object({
    date: v.optional(v.picklist([0, 1, 2], 'must be 0, 1 or 2 days ago'), 0),
    page_num: pageNum,
  }),
});

export const getReportLogCall = defineCall<Page<AdminReport>>()({
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

export const payOrRejectForReportCall = defineCall<ReportDecision>()({
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
});

export const liftReportBlockCall = defineCall<null>()({
  operationId: 'liftReportBlock',
  method: 'post',
  path: '/admin/liftReportBlock',
  summary: 'Let a member blocked by three rejected reports report again',
  tag: 'admin',
  input: v.object({ user_idx: rowId }),
});
