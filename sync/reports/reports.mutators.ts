import * as v from 'valibot';
import { defineCall } from '../api/contract.ts';
import { id, rowId, yn } from '../api/fields.ts';
import type { reportCounts, reportReceipt } from '../api/reports.responses.ts';
import { defineMutator } from '../mutator.ts';
import { imageRef } from '../site-fields.ts';
import { ReportRules, siteReportTypes, unitReportTypes } from './report-types.ts';

/**
 * Site and unit reports (spec §7 reportSite, reportHo_app) as offline operations: an agent at a
 * building site without signal queues the report and it is sent on the next sync. The server
 * decides (-11 'already reported today' for the same site, unit and type on one Seoul day); a
 * refusal comes back as a rejection in the sync screen. Nothing changes on the device meanwhile:
 * a report is only a request to the admins. Server effects: server/reports/reports.mutators.ts.
 * Online the report modal sends the same arguments through the spec §7 call each one declares
 * (`online`; ids bounded like every API id).
 */

/** The member's standing (spec §3 f_today_reported_cnt, f_remain_notify_cnt): sync/api/reports.responses.ts. */
export type ReportCounts = v.InferOutput<typeof reportCounts>;
export type ReportReceipt = v.InferOutput<typeof reportReceipt>;

const memo = v.optional(
  v.pipe(v.string(), v.maxLength(ReportRules.maxMemo, `memo up to ${ReportRules.maxMemo} characters`)),
  '',
);
const memoImages = v.optional(
  v.pipe(v.array(imageRef), v.maxLength(ReportRules.maxImages, `at most ${ReportRules.maxImages} images`)),
  [],
);

const siteReport = {
  summary: 'Report a new-open site’s sale state or wrong data, for a reward once an admin accepts it',
  args: v.object({
    site_idx: id,
    report_type: v.picklist(siteReportTypes, `must be one of ${siteReportTypes.join(', ')}`),
    complete_status: v.optional(yn, 'N'),
    memo,
    memo_images: memoImages,
  }),
};

export const reportSite = defineMutator({
  name: 'reportSite',
  ...siteReport,
  online: defineCall<ReportReceipt>()({
    operationId: 'reportSite',
    method: 'post',
    path: '/site/reportSite',
    summary: siteReport.summary,
    tag: 'report',
    input: v.object({ ...siteReport.args.entries, site_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});

const unitReport = {
  summary: 'Report a unit’s sale state or wrong data, for a reward once an admin accepts it',
  args: v.object({
    site_idx: id,
    ho_idx: id,
    report_type: v.picklist(unitReportTypes, `must be one of ${unitReportTypes.join(', ')}`),
    complete_status: v.optional(yn, 'N'),
    memo,
    memo_images: memoImages,
  }),
};

export const reportHo_app = defineMutator({
  name: 'reportHo_app',
  ...unitReport,
  online: defineCall<ReportReceipt>()({
    operationId: 'reportHo_app',
    method: 'post',
    path: '/site/reportHo_app',
    summary: unitReport.summary,
    tag: 'report',
    input: v.object({ ...unitReport.args.entries, site_idx: rowId, ho_idx: rowId }),
  }),
  touches: () => [],
  applyLocal: async () => {},
});
