import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { getReportResultListCall } from '../../../sync/api/reports.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { reportResultBadge, reportResultLabels, reportTypeLabels } from './labels.ts';

/** The report result tab: each report with its date, unit and outcome (spec §3, §4 Reports). */
export function ReportResultTab() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const loadPage = useCallback((page: number) => api(getReportResultListCall, { page_num: page }), []);
  const list = useInfiniteList({ loadPage });
  return (
    <InfiniteList
      list={list}
      label={t`Report result`}
      empty={t`No reports yet. What you report from the Report tab shows here with its result and points.`}
      rowKey={(r) => r.f_report_idx}
      row={(r) => (
        <li className="report-row" data-testid="report-result-row">
          <div className="row">
            <strong className="grow">
              {r.f_site_name}
              {r.f_ho ? ` · ${r.f_ho}` : ''}
            </strong>
            <span className={`badge ${reportResultBadge[r.f_result_type]}`}>
              {i18n._(reportResultLabels[r.f_result_type])}
            </span>
          </div>
          <span>{i18n._(reportTypeLabels[r.f_report_type])}</span>
          <span className="muted">
            {t`Reported ${formatDateTime(r.f_report_date, locale)}`}
            {r.f_result_date ? ` · ${t`Decided ${formatDateTime(r.f_result_date, locale)}`}` : ''}
          </span>
          {r.f_result_type === 'T' ? (
            <span className="plus">{t`${formatNumber(r.f_point)} points provided`}</span>
          ) : null}
          {r.f_result_type === 'F' ? <span className="minus">{t`No points`}</span> : null}
        </li>
      )}
    />
  );
}
