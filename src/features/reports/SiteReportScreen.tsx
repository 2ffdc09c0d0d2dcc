import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ReportResultTab } from './ReportResultTab.tsx';
import { ReportSitesTab } from './ReportSitesTab.tsx';
import { UnregisteredReportsTab } from './UnregisteredReportsTab.tsx';
import '../sites/sites.css';
import './reports.css';

type Tab = 'report' | 'unregistered' | 'result';

/**
 * Spec §2 Site report screen: find a new-open site by name and report it (or open it to report
 * a unit), the member's unregistered-site reports, and the outcome of their reports.
 */
export function SiteReportScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('report');
  const tabs: Array<[Tab, string]> = [
    ['report', t`Report`],
    ['unregistered', t`Unregistered site`],
    ['result', t`Report result`],
  ];
  return (
    <>
      <ScreenHeader title={t`Site report`} back />
      <main className="screen">
        <div className="tabs" role="tablist">
          {tabs.map(([value, title]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              data-testid={`report-tab-${value}`}
              onClick={() => setTab(value)}
            >
              {title}
            </button>
          ))}
        </div>
        {tab === 'report' ? <ReportSitesTab /> : null}
        {tab === 'unregistered' ? <UnregisteredReportsTab /> : null}
        {tab === 'result' ? <ReportResultTab /> : null}
        <p className="muted">
          <Trans>Accepted reports earn 1,000 points for a site and 100 points for a unit.</Trans>
        </p>
      </main>
    </>
  );
}
