import * as v from 'valibot';
import { id, yn } from '../api/fields.ts';
import { defineMutator } from '../mutator.ts';
import { imageRef } from '../site-fields.ts';
import { ReportRules, siteReportTypes, unitReportTypes } from './report-types.ts';

/**
 * Site and unit reports (spec §7 reportSite, reportHo_app) as offline operations: an agent at a
 * building site without signal queues the report and it is sent on the next sync. The server
 * decides (-11 'already reported today' for the same site, unit and type on one Seoul day); a
 * refusal comes back as a rejection in the sync screen. Nothing changes on the device meanwhile:
 * a report is only a request to the admins. Server effects: server/reports/reports.mutators.ts.
 */

const memo = v.optional(
  v.pipe(v.string(), v.maxLength(ReportRules.maxMemo, `memo up to ${ReportRules.maxMemo} characters`)),
  '',
);
const memoImages = v.optional(
  v.pipe(v.array(imageRef), v.maxLength(ReportRules.maxImages, `at most ${ReportRules.maxImages} images`)),
  [],
);

export const reportSite = defineMutator({
  name: 'reportSite',
  summary: 'Report a new-open site’s sale state or wrong data, for a reward once an admin accepts it',
  args: v.object({
    site_idx: id,
    report_type: v.picklist(siteReportTypes, `must be one of ${siteReportTypes.join(', ')}`),
    complete_status: v.optional(yn, 'N'),
    memo,
    memo_images: memoImages,
  }),
  touches: () => [],
  applyLocal: async () => {},
});

export const reportHo_app = defineMutator({
  name: 'reportHo_app',
  summary: 'Report a unit’s sale state or wrong data, for a reward once an admin accepts it',
  args: v.object({
    site_idx: id,
    ho_idx: id,
    report_type: v.picklist(unitReportTypes, `must be one of ${unitReportTypes.join(', ')}`),
    complete_status: v.optional(yn, 'N'),
    memo,
    memo_images: memoImages,
  }),
  touches: () => [],
  applyLocal: async () => {},
});
