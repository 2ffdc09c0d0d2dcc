import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { getUnregisteredReportListCall } from '../../../sync/api/reports.api.ts';
import { api } from '../../api/client.ts';
import { formatDate } from '../../lib/format.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';

/** The unregistered site tab: the sites nobody had registered that the member reported (kind U). */
export function UnregisteredReportsTab() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const loadPage = useCallback((page: number) => api(getUnregisteredReportListCall, { page_num: page }), []);
  const list = useInfiniteList({ loadPage });
  return (
    <section>
      <Link to="/UnregisteredSite" className="button button--primary">
        <Trans>Report an unregistered site</Trans>
      </Link>
      <InfiniteList
        list={list}
        label={t`Unregistered site`}
        empty={t`No unregistered sites reported yet. A site you find that nobody has registered can be reported with the button above.`}
        rowKey={(s) => s.f_idx}
        row={(s) => (
          <li className="report-row">
            <div className="row">
              <Link to="/UnregisteredSite" search={{ site_idx: s.f_idx, readonly: 'Y' }} className="grow">
                <strong>{s.f_name}</strong>
              </Link>
              <span className={`badge ${s.f_confirm === 'U' ? 'badge--warn' : 'badge--ok'}`}>
                {s.f_confirm === 'U' ? t`Awaiting confirmation` : t`Confirmed`}
              </span>
            </div>
            <span className="muted">
              {[s.f_address1, s.f_address2].filter(Boolean).join(' ')} · {formatDate(s.f_reg_time, locale)}
            </span>
          </li>
        )}
      />
    </section>
  );
}
