import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import {
  getReportCountCall,
  getSiteListForReportCall,
  type ReportCounts,
} from '../../../sync/api/reports.api.ts';
import { api } from '../../api/client.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useModal } from '../../ui/modal.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { ReportCountsLine } from './ReportCountsLine.tsx';
import { ReportPopup, useReportWarning } from './ReportPopup.tsx';

/** The report tab: new-open sites by name; report the site here, or open it to report a unit. */
export function ReportSitesTab() {
  const { t } = useLingui();
  const modal = useModal();
  const reportWarning = useReportWarning();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [counts, setCounts] = useState<ReportCounts | undefined>();
  const loadCounts = useCallback(() => {
    api(getReportCountCall, {}).then(setCounts, () => {});
  }, []);
  useEffect(loadCounts, [loadCounts]);
  const loadPage = useCallback(
    (page: number) => api(getSiteListForReportCall, { site_name: name, page_num: page }),
    [name],
  );
  const list = useInfiniteList({ loadPage });

  const report = async (site: { f_idx: number; f_name: string }) => {
    if (!(await reportWarning())) return;
    modal.open(
      (close) => <ReportPopup target={{ siteIdx: site.f_idx, siteName: site.f_name }} close={close} />,
      loadCounts,
    );
  };

  return (
    <section>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setName(typed.trim());
        }}
      >
        <input
          className="input grow"
          type="search"
          placeholder={t`Site name`}
          aria-label={t`Site name`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button">
          {t`Search`}
        </button>
      </form>
      <ReportCountsLine counts={counts} />
      <InfiniteList
        key={name}
        list={list}
        label={t`Sites to report`}
        rowKey={(s) => s.f_idx}
        row={(s) => (
          <li className="report-row" data-testid="report-site-row">
            <div className="row">
              <Link to="/SiteDetail" search={{ site_idx: s.f_idx, admin: false }} className="grow">
                <strong>{s.f_name}</strong>
              </Link>
              <button
                type="button"
                className="button button--small"
                disabled={counts?.blocked === true}
                onClick={() => void report(s)}
              >
                {t`Report site`}
              </button>
            </div>
            <span className="muted">
              {[s.f_address1, s.f_address2].filter(Boolean).join(' ')}
              {s.f_today_reported_cnt > 0 ? ` · ${t`Reported today: ${s.f_today_reported_cnt}`}` : ''}
            </span>
          </li>
        )}
      />
    </section>
  );
}
