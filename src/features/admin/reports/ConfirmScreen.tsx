import { Plural, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import {
  type AdminReport,
  getCompleteReqSiteCall,
  liftReportBlockCall,
  payOrRejectForReportCall,
} from '../../../../sync/api/reports.api.ts';
import { ReportRules } from '../../../../sync/reports/report-types.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';
import { ReportCells, ReportHead } from './ReportCells.tsx';

/**
 * Spec §2 admin confirm: pending reports, oldest first. Pay credits the reward once (1,000 points
 * for a site, 100 for a unit); reject credits nothing and counts towards the reporter's block,
 * which can be lifted here.
 */
export function ConfirmScreen() {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const confirm = useConfirm();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const pages = useNumberedPages(
    useCallback((page: number) => api(getCompleteReqSiteCall, { keyword, page_num: page }), [keyword]),
  );

  const decide = async (r: AdminReport, type: 'T' | 'F') => {
    const reward = formatNumber(r.f_ho_idx === null ? ReportRules.siteReward : ReportRules.unitReward);
    const question =
      type === 'T'
        ? t`Pay ${reward} points to ${r.f_reporter_name} for this report?`
        : t`Reject this report? No points are provided, and three rejections block the reporter.`;
    if (!(await confirm(question))) return;
    if (
      (await run(() => api(payOrRejectForReportCall, { report_idx: r.f_report_idx, type }))) !== undefined
    ) {
      pages.reload();
    }
  };

  const lift = async (r: AdminReport) => {
    if (!(await confirm(t`Let ${r.f_reporter_name} report again?`))) return;
    if ((await run(() => api(liftReportBlockCall, { user_idx: r.f_reporter_idx }))) !== undefined)
      pages.reload();
  };

  return (
    <section>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <input
          className="input grow"
          type="search"
          placeholder={t`Site, reporter name or phone`}
          aria-label={t`Site, reporter name or phone`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button">
          {t`Search`}
        </button>
      </form>
      <p className="muted">
        <Plural value={pages.data?.total ?? 0} one="# report waiting" other="# reports waiting" />
      </p>
      <PagedTable
        pages={pages}
        label={t`Reports waiting for a decision`}
        head={<ReportHead />}
        rowKey={(r) => r.f_report_idx}
        row={(r) => (
          <tr data-testid="pending-report">
            <ReportCells
              report={r}
              actions={
                <div className="row wrap report-actions">
                  <button
                    type="button"
                    className="button button--small button--primary"
                    disabled={pending}
                    data-testid="report-pay"
                    onClick={() => void decide(r, 'T')}
                  >
                    {t`Pay`}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={pending}
                    data-testid="report-reject"
                    onClick={() => void decide(r, 'F')}
                  >
                    {t`Reject`}
                  </button>
                  {r.f_reporter_blocked ? (
                    <button type="button" className="button button--small" onClick={() => void lift(r)}>
                      {t`Lift report block`}
                    </button>
                  ) : null}
                </div>
              }
            />
          </tr>
        )}
      />
    </section>
  );
}
