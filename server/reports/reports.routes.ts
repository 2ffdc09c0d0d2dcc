import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  getCompleteReqSiteCall,
  getReportCountCall,
  getReportLogCall,
  getReportResultListCall,
  getSaleReqUserListCall,
  getSiteListForReportCall,
  getUnregisteredReportListCall,
  liftReportBlockCall,
  payOrRejectForReportCall,
} from '../../sync/api/reports.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import {
  myReportCounts,
  myReportResults,
  myUnregisteredReports,
  pendingReports,
  reportLog,
  reportsOfDay,
  sitesForReport,
} from './report-lists.service.ts';
import { reportMessages } from './reports.messages.ts';
import { decideReport, liftReportBlock } from './reports.service.ts';

/**
 * The report look-ups and the admin's decisions. reportSite and reportHo_app are offline
 * operations: their online calls are mounted from server/reports/reports.mutators.ts.
 */

const member = { kind: 'member' } as const;
/** Reports to decide (spec §6 authority "sale completed"). */
const confirmTab = { kind: 'admin', tab: AdminTab.confirm } as const;
/** The sale request lists and the old sale log. */
const saleTab = { kind: 'admin', tab: AdminTab.sale } as const;

export const reportsOperations = [
  defineOperation(getReportCountCall, {
    access: member,
    handler: ({ ctx }) => myReportCounts({ ctx }),
  }),
  defineOperation(getSiteListForReportCall, {
    access: member,
    handler: ({ input, ctx }) => sitesForReport({ ctx, siteName: input.site_name, page: input.page_num }),
  }),
  defineOperation(getReportResultListCall, {
    access: member,
    handler: ({ input, ctx }) => myReportResults({ ctx, siteName: input.site_name, page: input.page_num }),
  }),
  defineOperation(getUnregisteredReportListCall, {
    access: member,
    handler: ({ input, ctx }) => myUnregisteredReports({ ctx, page: input.page_num }),
  }),
  defineOperation(getCompleteReqSiteCall, {
    access: confirmTab,
    handler: ({ input, ctx }) => pendingReports({ ctx, keyword: input.keyword, page: input.page_num }),
  }),
  defineOperation(getSaleReqUserListCall, {
    access: saleTab,
    handler: ({ input, ctx }) => reportsOfDay({ ctx, day: input.date, page: input.page_num }),
  }),
  defineOperation(getReportLogCall, {
    access: saleTab,
    handler: ({ input, ctx }) => reportLog({ ctx, keyword: input.keyword, page: input.page_num }),
  }),
  defineOperation(payOrRejectForReportCall, {
    access: confirmTab,
    successMessage: (decision) =>
      decision.f_result_type === 'T' ? reportMessages.paid : reportMessages.rejected,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        decideReport({ ctx: t, reportIdx: input.report_idx, type: input.type, ip: ctx.ip }),
      ),
  }),
  defineOperation(liftReportBlockCall, {
    access: confirmTab,
    successMessage: reportMessages.blockLifted,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => liftReportBlock({ ctx: t, userIdx: input.user_idx, ip: ctx.ip })),
  }),
];
