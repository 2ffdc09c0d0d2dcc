import { Plural, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { findSiteByStatusCall } from '../../../../sync/api/site-visibility.api.ts';
import { api } from '../../../api/client.ts';
import { formatDateTime, formatPhone } from '../../../lib/format.ts';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';
import { AdminSiteButtons } from './AdminSiteButtons.tsx';
import { DatePager, type PagerDate } from './DatePager.tsx';
import '../../sites/sites.css';

type State = 'D' | 'H' | 'C';

/**
 * Spec §2 admin site screen: deleted (D), hidden (H) and completed (C) sites by the day or
 * month they entered the state, with the buttons of each state. Online only.
 */
export function AdminSiteScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const [tab, setTab] = useState<State>('D');
  const [date, setDate] = useState<PagerDate>({ unit: 'all' });
  const pages = useNumberedPages(
    useCallback(
      (page: number) => {
        const filter =
          date.unit === 'all' ? {} : { date: date.unit === 'day' ? date.value : date.value.slice(0, 7) };
        return api(findSiteByStatusCall, { type: tab, page_num: page, ...filter });
      },
      [tab, date],
    ),
  );

  const labels: Record<State, string> = { D: t`Deleted`, H: t`Hidden`, C: t`Completed` };
  const total = pages.data?.total ?? 0;
  return (
    <section className="admin-sites" data-testid="admin-sites">
      <div className="tabs" role="tablist">
        {(['D', 'H', 'C'] as const).map((state) => (
          <button
            key={state}
            type="button"
            role="tab"
            aria-selected={tab === state}
            onClick={() => setTab(state)}
          >
            {labels[state]}
          </button>
        ))}
      </div>
      <DatePager value={date} onChange={setDate} />
      <p className="muted">
        <Plural value={total} one="# site" other="# sites" />
      </p>
      <PagedTable
        pages={pages}
        label={labels[tab]}
        head={
          <>
            <th scope="col">{t`Site`}</th>
            <th scope="col">{t`Owner`}</th>
            <th scope="col">{t`Since`}</th>
            <th scope="col">{t`Actions`}</th>
          </>
        }
        rowKey={(site) => site.f_idx}
        row={(site) => (
          <tr data-site-idx={site.f_idx}>
            <td>
              <button
                type="button"
                className="link-button"
                onClick={() => router.history.push(`/SiteDetail?site_idx=${site.f_idx}&admin=true`)}
              >
                <span className="badge">{t`No. ${site.f_idx}`}</span> <strong>{site.f_name}</strong>
              </button>
              {site.f_hidden_by === 'E' ? <span className="badge">{t`Expired`}</span> : null}
            </td>
            <td>
              {site.f_owner_name} <span className="muted">{formatPhone(site.f_owner_phone)}</span>
            </td>
            <td>{formatDateTime(site.f_state_time)}</td>
            <td>
              <div className="row wrap">
                <AdminSiteButtons state={tab} siteIdx={site.f_idx} onDone={pages.reload} />
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
