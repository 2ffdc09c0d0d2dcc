import type { Generated, Insertable, Selectable } from 'kysely';
import type { ReportResult, ReportType } from '../../sync/reports/report-types.ts';

/** A site or unit report (migrations/0014_reports.ts). */
export interface ReportsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_site_idx: number;
  /** The unit of a unit report; null for a site report. */
  f_ho_idx: number | null;
  /** The unit as it read when reported ("101동 1201"). */
  f_ho_label: Generated<string>;
  f_report_type: ReportType;
  f_complete_status: 'Y' | 'N';
  f_memo: Generated<string>;
  /** JSON array of image URLs. */
  f_memo_images: Generated<string>;
  f_report_date: string;
  /** Seoul calendar day of f_report_date: one report per site, unit and type a day. */
  f_report_day: string;
  f_result_type: Generated<ReportResult>;
  f_result_date: string | null;
  /** The admin who paid or rejected it. */
  f_admin_idx: number | null;
  f_point: Generated<number>;
  f_point_log_idx: number | null;
}

export interface ReportsTables {
  reports: ReportsTable;
}

export type Report = Selectable<ReportsTable>;

export type NewReport = Insertable<ReportsTable>;
