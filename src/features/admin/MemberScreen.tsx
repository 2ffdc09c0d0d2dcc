import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import {
  type AdminUser,
  addPhoneNumberCall,
  blockPhoneCall,
  changeUserStatusCall,
  findUserListByPhoneCall,
  liftUserLimitCall,
  removeUserFromDBCall,
  unblockPhoneCall,
} from '../../../sync/api/admin-members.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { formatDate, formatNumber, formatPhone, phoneDigits } from '../../lib/format.ts';
import { useConfirm, usePrompt } from '../../ui/dialogs.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useAdminAction } from './useAdminAction.ts';

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useLingui();
  if (user.f_approval === 'P') return <span className="badge badge--warn">{t`Under review`}</span>;
  if (user.f_approval === 'R') return <span className="badge badge--danger">{t`Rejected`}</span>;
  if (user.f_status === 'B') return <span className="badge badge--danger">{t`Blocked`}</span>;
  if (user.f_status === 'WL')
    return (
      <span className="badge badge--warn">{t`Write-limited until ${formatDate(user.f_release_date)}`}</span>
    );
  if (user.f_status === 'LL')
    return (
      <span className="badge badge--warn">{t`Login-limited until ${formatDate(user.f_release_date)}`}</span>
    );
  return <span className="badge badge--ok">{t`Normal`}</span>;
}

/** Spec §2 admin member: find members, limit (WL/LL), block, remove, pre-register a phone. */
export function MemberScreen() {
  const { t } = useLingui();
  const run = useAdminAction();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: AdminUser[] }>({ total: 0, list: [] });

  const load = useCallback(
    async (p: number, q: string) => {
      const res = await run(() => api(findUserListByPhoneCall, { phone: phoneDigits(q), page: p }));
      if (res) setData(res);
    },
    [run],
  );

  useEffect(() => {
    void load(page, query);
  }, [load, page, query]);

  const act = async (label: string, action: () => Promise<unknown>) => {
    if (!(await confirm(label))) return;
    if ((await run(action)) !== undefined) await load(page, query);
  };

  const preregister = async () => {
    const phone = await prompt({
      title: t`Pre-register a phone`,
      label: t`Phone number`,
      inputMode: 'tel',
      validate: (v) => (phoneDigits(v).length >= 10 ? null : t`Please enter a phone number.`),
    });
    if (phone) await run(() => api(addPhoneNumberCall, { phone: phoneDigits(phone) }));
  };

  const pages = Math.max(1, Math.ceil(data.total / Limits.pageSize));
  return (
    <section>
      <div className="row">
        <input
          className="input grow"
          type="search"
          inputMode="tel"
          placeholder={t`Search by phone`}
          aria-label={t`Search by phone`}
          onChange={(e) => {
            setPage(1);
            setQuery(e.target.value);
          }}
        />
        <button type="button" className="button" onClick={() => void preregister()}>
          {t`Pre-register`}
        </button>
      </div>
      <p className="muted">{t`${formatNumber(data.total)} members`}</p>
      <ul className="list">
        {data.list.map((u) => (
          <li key={u.f_idx}>
            <div className="row">
              <strong>{u.f_name}</strong>
              <span className="muted grow">{u.f_affiliation}</span>
              <StatusBadge user={u} />
            </div>
            <div className="muted">
              {formatPhone(u.f_phone)} · {t`Points`} {formatNumber(u.f_point)} · {t`Sales`} {u.f_sale_count}
            </div>
            <div className="row wrap">
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  void act(t`Limit writing for 5 days?`, () =>
                    api(changeUserStatusCall, { phone: u.f_phone, status: 'WL' }),
                  )
                }
              >
                {t`Limit writing`}
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  void act(t`Limit sign-in for 5 days?`, () =>
                    api(changeUserStatusCall, { phone: u.f_phone, status: 'LL' }),
                  )
                }
              >
                {t`Limit sign-in`}
              </button>
              {u.f_status === 'WL' || u.f_status === 'LL' ? (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    void act(t`Lift the limit?`, () => api(liftUserLimitCall, { phone: u.f_phone }))
                  }
                >
                  {t`Lift limit`}
                </button>
              ) : null}
              {u.f_status === 'B' ? (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    void act(t`Unblock this member?`, () => api(unblockPhoneCall, { phone: u.f_phone }))
                  }
                >
                  {t`Unblock`}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() =>
                    void act(t`Block this member?`, () => api(blockPhoneCall, { phone: u.f_phone }))
                  }
                >
                  {t`Block`}
                </button>
              )}
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() =>
                  void act(t`Remove this member? Their sites are hidden.`, () =>
                    api(removeUserFromDBCall, { phone: u.f_phone }),
                  )
                }
              >
                {t`Remove`}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
