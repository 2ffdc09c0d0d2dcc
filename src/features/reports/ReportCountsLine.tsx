import { useLingui } from '@lingui/react/macro';
import type { ReportCounts } from '../../../sync/api/reports.api.ts';

/** Today's reports and the rejections left before reporting is blocked (spec §3 counts). */
export function ReportCountsLine({ counts }: { counts: ReportCounts | undefined }) {
  const { t } = useLingui();
  if (!counts) return null;
  if (counts.blocked) {
    return (
      <p className="banner banner--warn" data-testid="report-blocked">
        {t`Three of your reports were rejected as inaccurate, so you cannot report. Please contact the admins.`}
      </p>
    );
  }
  const today = counts.f_today_reported_cnt;
  const left = counts.f_remain_notify_cnt;
  return (
    <p className="muted" data-testid="report-counts">
      {t`Reported today: ${today}`} · {t`Rejections left before reporting is blocked: ${left}`}
    </p>
  );
}
