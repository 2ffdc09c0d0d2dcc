import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AdminReport } from '../../../../sync/api/reports.api.ts';
import { formatDateTime, formatNumber, formatPhone } from '../../../lib/format.ts';
import { reportResultBadge, reportResultLabels, reportTypeLabels } from '../../reports/labels.ts';

/** The head cells of every admin report table. */
export function ReportHead() {
  const { t } = useLingui();
  return (
    <>
      <th scope="col">{t`Reported`}</th>
      <th scope="col">{t`Reporter`}</th>
      <th scope="col">{t`Site and unit`}</th>
      <th scope="col">{t`Report`}</th>
      <th scope="col">{t`Outcome`}</th>
    </>
  );
}

/**
 * One report's cells: when, who (blocked or not), where, what, and the decision so far. `actions`
 * go under the date, in the first cell: a wide table on a phone keeps them in sight.
 */
export function ReportCells({ report: r, actions }: { report: AdminReport; actions?: ReactNode }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  return (
    <>
      <td>
        {formatDateTime(r.f_report_date, locale)}
        {actions}
      </td>
      <td>
        <strong>{r.f_reporter_name}</strong>
        <div className="muted">{formatPhone(r.f_reporter_phone)}</div>
        {r.f_reporter_blocked ? <span className="badge badge--danger">{t`Reporting blocked`}</span> : null}
      </td>
      <td>
        <Link to="/SiteDetail" search={{ site_idx: r.f_site_idx, admin: true }}>
          {r.f_site_name}
        </Link>
        {r.f_ho ? <div>{r.f_ho}</div> : <div className="muted">{t`Whole site`}</div>}
      </td>
      <td>
        {i18n._(reportTypeLabels[r.f_report_type])}
        {r.f_report_memo ? <div className="muted pre-wrap">{r.f_report_memo}</div> : null}
        {r.f_report_memo_images.map((url, i) => (
          <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="badge">
            {t`Picture ${i + 1}`}
          </a>
        ))}
      </td>
      <td>
        <span className={`badge ${reportResultBadge[r.f_result_type]}`}>
          {i18n._(reportResultLabels[r.f_result_type])}
        </span>
        {r.f_result_type === 'T' ? <div>{t`${formatNumber(r.f_point)} points`}</div> : null}
        {r.f_admin_name ? <div className="muted">{t`by ${r.f_admin_name}`}</div> : null}
      </td>
    </>
  );
}
