/**
 * Report types of spec §3 (HC, HW, US, SC, SS, SR, STC, PC), split by what is reported: a unit
 * (reportHo_app) or the whole site (reportSite). Rewards of spec §9: 1,000 points for an accepted
 * site report, 100 for a unit report; three rejected (inaccurate) reports block reporting.
 */
export const unitReportTypes = ['HC', 'HW', 'US'] as const;
export const siteReportTypes = ['SC', 'SS', 'SR', 'STC', 'PC'] as const;
export const reportTypes = [...unitReportTypes, ...siteReportTypes] as const;

export type UnitReportType = (typeof unitReportTypes)[number];
export type SiteReportType = (typeof siteReportTypes)[number];
export type ReportType = (typeof reportTypes)[number];

/** Pending U, accepted (paid) T, rejected F (spec §3 f_result_type). */
export type ReportResult = 'U' | 'T' | 'F';

export const ReportRules = {
  siteReward: 1000,
  unitReward: 100,
  /** Rejected reports that block the member from reporting until an admin lifts it. */
  rejectionsToBlock: 3,
  /** Pictures a report may carry. */
  maxImages: 10,
  maxMemo: 1000,
} as const;

/** Whether a type says the site or unit is sold out: what complete_status is sent with it. */
export function completeStatusOf(type: ReportType): 'Y' | 'N' {
  return type === 'HC' || type === 'SC' ? 'Y' : 'N';
}

export function rewardOf(report: { f_ho_idx: number | null }): number {
  return report.f_ho_idx === null ? ReportRules.siteReward : ReportRules.unitReward;
}
