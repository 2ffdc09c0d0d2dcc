import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { getLoginLogCall } from '../../../sync/api/admin-members.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatPhone, phoneDigits } from '../../lib/format.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';

/** Every sign-in: time, member, device and IP. */
export function LoginLogScreen() {
  const { t } = useLingui();
  const [phone, setPhone] = useState('');
  const pages = useNumberedPages(
    useCallback((page: number) => api(getLoginLogCall, { phone: phoneDigits(phone), page }), [phone]),
  );
  return (
    <section>
      <input
        className="input input--block"
        type="search"
        inputMode="tel"
        placeholder={t`Search by phone`}
        aria-label={t`Search by phone`}
        onChange={(e) => setPhone(e.target.value)}
      />
      <PagedTable
        pages={pages}
        label={t`Sign-ins`}
        head={
          <>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Member`}</th>
            <th scope="col">{t`Device`}</th>
            <th scope="col">{t`IP`}</th>
          </>
        }
        rowKey={(r) => r.f_idx}
        row={(r) => (
          <tr>
            <td>{formatDateTime(r.f_time)}</td>
            <td>
              {r.f_name} {formatPhone(r.f_phone)}
              {r.f_by_admin ? <span className="badge">{t`by admin`}</span> : null}
            </td>
            <td title={r.f_user_agent}>{r.f_device_id.slice(0, 8)}</td>
            <td>{r.f_ip || '-'}</td>
          </tr>
        )}
      />
    </section>
  );
}
