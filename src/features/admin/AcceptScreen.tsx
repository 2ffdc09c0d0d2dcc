import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import {
  type AdminUser,
  changeUserStatusByIdCall,
  getPendingUserListCall,
} from '../../../sync/api/admin-members.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatPhone } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useAdminAction } from './useAdminAction.ts';

const PAGE = 20;

/** Spec §2 admin accept: applicants under review with their card; approve, or reject after a confirm. */
export function AcceptScreen() {
  const { t } = useLingui();
  const run = useAdminAction();
  const confirm = useConfirm();
  const [list, setList] = useState<AdminUser[]>([]);
  const [total, setTotal] = useState(0);
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(
    async (offset: number) => {
      const res = await run(() => api(getPendingUserListCall, { offset, limit: PAGE }));
      if (!res) return;
      setTotal(res.total);
      setList((prev) => (offset === 0 ? res.list : [...prev, ...res.list]));
      setLoaded(true);
    },
    [run],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  const decide = async (user: AdminUser, status: 'A' | 'R') => {
    if (status === 'R' && !(await confirm(t`Reject ${user.f_name}'s application?`, { danger: true }))) return;
    const res = await run(() => api(changeUserStatusByIdCall, { user_id: user.f_idx, status }));
    if (res) {
      // The list reloads after each decision (spec §4).
      await load(0);
    }
  };

  return (
    <section aria-labelledby="accept-title">
      <h2 id="accept-title">
        <Trans>Applicants under review</Trans> <span className="badge">{total}</span>
      </h2>
      {loaded && list.length === 0 ? <p className="empty">{t`No information found.`}</p> : null}
      <ul className="list">
        {list.map((u) => (
          <li key={u.f_idx} className="applicant" data-testid="applicant">
            {u.f_business_card ? (
              <a href={u.f_business_card} target="_blank" rel="noreferrer">
                <img
                  className="applicant__card"
                  src={u.f_business_card}
                  alt={t`Business card of ${u.f_name}`}
                />
              </a>
            ) : null}
            <div className="applicant__body">
              <strong>{u.f_name}</strong> <span className="muted">{u.f_affiliation}</span>
              <div>{formatPhone(u.f_phone)}</div>
              <div className="muted">{formatDateTime(u.f_reg_time)}</div>
              {u.answer_list.length > 0 ? (
                <details>
                  <summary>
                    {t`Quiz answers`}: {u.answer_list.filter((a) => a.f_answer_status === 'Y').length}/
                    {u.answer_list.length}
                  </summary>
                  <ol>
                    {u.answer_list.map((a) => (
                      <li key={a.f_question}>
                        {a.f_question} — {a.f_answer} {a.f_answer_status === 'Y' ? '✓' : '✗'}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : (
                <span className="badge">{t`Pre-registered`}</span>
              )}
              <div className="row">
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => void decide(u, 'A')}
                >
                  {t`Approve`}
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => void decide(u, 'R')}
                >
                  {t`Reject`}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {list.length < total ? (
        <button type="button" className="button button--block" onClick={() => void load(list.length)}>
          {t`More`}
        </button>
      ) : null}
    </section>
  );
}
