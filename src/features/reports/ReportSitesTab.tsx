import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import {
  getReportCountCall,
  getSiteListForReportCall,
  type ReportCounts,
  type ReportSiteItem,
} from '../../../sync/api/reports.api.ts';
import { api } from '../../api/client.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useModal } from '../../ui/modal.tsx';
import { localSitePage } from '../sites/common/local-sites.ts';
import { useMember } from '../sites/common/useMember.ts';
import { useSitePages } from '../sites/common/useSitePages.ts';
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
  const { uid } = useMember();
  const online = useCallback(
    (page: number) => api(getSiteListForReportCall, { site_name: name, page_num: page }),
    [name],
  );
  // Without a network the new-open sites on the device are listed: a report made offline waits
  // in the outbox, and today's counts are the server's to tell once it is reachable.
  const offline = useCallback(
    async (page: number) => {
      const local = await localSitePage({
        list: { kind: 'device', siteType: 'O', keyword: name },
        uid,
        page,
      });
      return {
        ...local,
        list: local.list.map(
          (s): ReportSiteItem => ({
            f_idx: s.f_idx,
            f_name: s.f_name,
            f_address1: s.f_address1,
            f_address2: s.f_address2,
            f_complete: s.f_complete,
            f_today_reported_cnt: 0,
          }),
        ),
      };
    },
    [name, uid],
  );
  const { list, fromDevice } = useSitePages({ online, offline });

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
      {fromDevice ? (
        <p className="banner banner--warn" data-testid="from-device">
          <Trans>No network: showing the sites saved on this device.</Trans>
        </p>
      ) : null}
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
