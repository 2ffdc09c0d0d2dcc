import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { findSiteListByNameCall, type SiteNameItem } from '../../../../sync/api/map.api.ts';
import type { Page } from '../../../../sync/api/page.ts';
import { getMySiteListCall } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import { formatDateTime, normalizeKeyword } from '../../../lib/format.ts';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';

type Kind = 'A' | 'O' | 'G';
/** What both lists (any site by name, the admin's own) give a row. */
type SiteRow = Pick<SiteNameItem, 'f_idx' | 'f_name' | 'f_address1' | 'f_reg_time'> & {
  f_site_type: 'O' | 'G' | 'U';
};

/** The registration screen of a site: new open (New) or general (General). */
const kindParam = (siteType: 'O' | 'G' | 'U') => (siteType === 'G' ? 'General' : 'New');

/**
 * Spec §2 admin write/update_sale and write/sale. update_sale: find any visible site by name or
 * address and edit it in the registration screens (admins may modify every site, spec §6). sale:
 * register a sale as an admin, and the sales this admin registered, to edit again. The saves are
 * the registration's own (the same checks and offline operations as for an agent).
 */
export function AdminSalesView({ mode }: { mode: 'update_sale' | 'sale' }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<Kind>('A');
  const load = useCallback(
    (page: number): Promise<Page<SiteRow>> =>
      mode === 'update_sale'
        ? api(findSiteListByNameCall, { search_key: keyword, filter: kind, order: 'R', page_num: page })
        : api(getMySiteListCall, { site_type: kind, search_key: keyword, page_num: page }),
    [mode, keyword, kind],
  );
  const pages = useNumberedPages(load);

  return (
    <section className="admin-sales">
      {mode === 'sale' ? (
        <div className="row">
          <Link className="button button--primary grow" to="/RegSite/step1/$type" params={{ type: 'New' }}>
            <Trans>Register a new-open sale</Trans>
          </Link>
          <Link className="button grow" to="/RegSite/step1/$type" params={{ type: 'General' }}>
            <Trans>Register a general sale</Trans>
          </Link>
        </div>
      ) : null}
      <div className="row">
        <input
          className="input grow"
          type="search"
          placeholder={t`Site name or address`}
          aria-label={t`Search sites`}
          onChange={(e) => setKeyword(normalizeKeyword(e.target.value))}
        />
        <select
          className="input"
          value={kind}
          aria-label={t`Site kind`}
          onChange={(e) => setKind(e.target.value as Kind)}
        >
          <option value="A">{t`All`}</option>
          <option value="O">{t`New open`}</option>
          <option value="G">{t`General`}</option>
        </select>
      </div>
      <PagedTable
        pages={pages}
        label={mode === 'sale' ? t`Sales you registered` : t`Sites to edit`}
        head={
          <>
            <th scope="col">{t`Site`}</th>
            <th scope="col">{t`Registered`}</th>
            <th scope="col">
              <span className="sr-only">{t`Actions`}</span>
            </th>
          </>
        }
        rowKey={(s) => s.f_idx}
        row={(s) => (
          <tr>
            <td>
              <Link to="/SiteDetail" search={{ site_idx: s.f_idx, admin: true }}>
                {s.f_name}
              </Link>
              <div className="muted">
                {s.f_site_type === 'O' ? t`New open` : t`General`} · {s.f_address1}
              </div>
            </td>
            <td>{formatDateTime(s.f_reg_time)}</td>
            <td>
              <Link
                className="button button--small"
                to="/RegSite/step1/$type"
                params={{ type: kindParam(s.f_site_type) }}
                search={{ site_idx: s.f_idx } as never}
              >
                <Trans>Edit</Trans>
              </Link>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
