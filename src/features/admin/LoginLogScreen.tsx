import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getLoginLogCall, type LoginLogRow } from '../../../sync/api/admin-members.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatPhone, phoneDigits } from '../../lib/format.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Every sign-in: time, member, device and IP. */
export function LoginLogScreen() {
  const { t } = useLingui();
  const run = useAdminAction();
  const [phone, setPhone] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: LoginLogRow[] }>({ total: 0, list: [] });

  useEffect(() => {
    void run(() => api(getLoginLogCall, { phone: phoneDigits(phone), page })).then(
      (res) => res && setData(res),
    );
  }, [run, phone, page]);

  const pages = Math.max(1, Math.ceil(data.total / Limits.pageSize));
  return (
    <section>
      <input
        className="input"
        type="search"
        inputMode="tel"
        placeholder={t`Search by phone`}
        aria-label={t`Search by phone`}
        onChange={(e) => {
          setPage(1);
          setPhone(e.target.value);
        }}
      />
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t`Time`}</th>
              <th>{t`Member`}</th>
              <th>{t`Device`}</th>
              <th>{t`IP`}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((r) => (
              <tr key={r.f_idx}>
                <td>{formatDateTime(r.f_time)}</td>
                <td>
                  {r.f_name} {formatPhone(r.f_phone)}
                  {r.f_by_admin ? <span className="badge">{t`by admin`}</span> : null}
                </td>
                <td title={r.f_user_agent}>{r.f_device_id.slice(0, 8)}</td>
                <td>{r.f_ip || '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
