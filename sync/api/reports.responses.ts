import * as v from 'valibot';
import { reportTypes } from '../reports/report-types.ts';
import { count, int, maybe, nothing, page, pageEntries, str, time, yn } from './answer-fields.ts';

const countsEntries = { f_today_reported_cnt: count, f_remain_notify_cnt: count, blocked: v.boolean() };
export const reportCounts = v.strictObject(countsEntries);
export const reportReceipt = v.strictObject({ ...countsEntries, f_report_idx: int });

export const reportSiteItem = v.strictObject({
  f_idx: int,
  f_name: str,
  f_address1: str,
  f_address2: str,
  f_complete: yn,
  f_today_reported_cnt: count,
});

const resultEntries = {
  f_report_idx: int,
  f_report_type: v.picklist(reportTypes),
  f_report_date: time,
  f_site_idx: int,
  f_site_name: str,
  f_ho: str,
  f_result_type: v.picklist(['U', 'T', 'F']),
  f_result_date: maybe(time),
  f_point: int,
};
export const reportResultItem = v.strictObject(resultEntries);

export const unregisteredReportItem = v.strictObject({
  f_idx: int,
  f_name: str,
  f_address1: str,
  f_address2: str,
  f_confirm: maybe(str),
  f_reg_time: time,
});

export const adminReport = v.strictObject({
  ...resultEntries,
  f_reporter_idx: int,
  f_reporter_name: str,
  f_reporter_phone: str,
  f_reporter_blocked: v.boolean(),
  f_ho_idx: maybe(int),
  f_complete_status: yn,
  f_report_memo: str,
  f_report_memo_images: v.array(str),
  f_admin_name: maybe(str),
});

export const reportsResponses = {
  getCompleteReqSite: page(adminReport),
  getReportCount: reportCounts,
  getReportLog: page(adminReport),
  getReportResultList: page(reportResultItem),
  getSaleReqUserList: v.strictObject({ ...pageEntries(adminReport), date: str }),
  getSiteListForReport: v.strictObject({ ...pageEntries(reportSiteItem), ...countsEntries }),
  getUnregisteredReportList: page(unregisteredReportItem),
  liftReportBlock: nothing,
  payOrRejectForReport: v.strictObject({
    f_report_idx: int,
    f_result_type: v.picklist(['T', 'F']),
    f_point: int,
  }),
  reportHo_app: reportReceipt,
  reportSite: reportReceipt,
};
