import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type AdminSiteItem, findSiteByStatusCall } from '../../../../sync/api/site-visibility.api.ts';
import { Limits } from '../../../../sync/constants.ts';
import { api } from '../../../api/client.ts';
import { formatDateTime, formatPhone } from '../../../lib/format.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { useAdminAction } from '../../admin/useAdminAction.ts';
import { AdminSiteButtons } from './AdminSiteButtons.tsx';
import { DatePager, type PagerDate } from './DatePager.tsx';
import '../sites.css';

type State = 'D' | 'H' | 'C';

/**
 * Spec §2 admin site screen: deleted (D), hidden (H) and completed (C) sites by the day or
 * month they entered the state, with the buttons of each state. Online only.
 */
export function AdminSiteScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const run = useAdminAction();
  const [tab, setTab] = useState<State>('D');
  const [date, setDate] = useState<PagerDate>({ unit: 'all' });
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<{ list: AdminSiteItem[]; total: number }>({ list: [], total: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after an action
  useEffect(() => {
    const filter =
      date.unit === 'all' ? {} : { date: date.unit === 'day' ? date.value : date.value.slice(0, 7) };
    void run(() => api(findSiteByStatusCall, { type: tab, page_num: page, ...filter })).then(
      (res) => res && setData(res),
    );
  }, [run, tab, date, page, version]);

  const labels: Record<State, string> = { D: t`Deleted`, H: t`Hidden`, C: t`Completed` };
  const pages = Math.max(1, Math.ceil(data.total / Limits.pageSize));
  return (
    <section className="admin-sites" data-testid="admin-sites">
      <div className="tabs" role="tablist">
        {(['D', 'H', 'C'] as const).map((state) => (
          <button
            key={state}
            type="button"
            role="tab"
            aria-selected={tab === state}
            onClick={() => {
              setTab(state);
              setPage(1);
            }}
          >
            {labels[state]}
          </button>
        ))}
      </div>
      <DatePager
        value={date}
        onChange={(next) => {
          setDate(next);
          setPage(1);
        }}
      />
      <p className="muted">{t`${data.total} sites`}</p>
      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>No information found.</Trans>
        </p>
      ) : null}
      <ul className="list site-items">
        {data.list.map((site) => (
          <li key={site.f_idx} className="site-item">
            <button
              type="button"
              className="site-item__main"
              onClick={() => router.history.push(`/SiteDetail?site_idx=${site.f_idx}&admin=true`)}
            >
              <span className="site-item__head">
                <span className="badge">{t`No. ${site.f_idx}`}</span>
                <span className="muted">{formatDateTime(site.f_state_time)}</span>
                {site.f_hidden_by === 'E' ? <span className="badge">{t`Expired`}</span> : null}
              </span>
              <strong className="site-item__name">{site.f_name}</strong>
              <span className="site-item__address muted">
                {site.f_owner_name} {formatPhone(site.f_owner_phone)}
              </span>
            </button>
            <div className="site-item__actions">
              <AdminSiteButtons state={tab} siteIdx={site.f_idx} onDone={() => setVersion((v) => v + 1)} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
