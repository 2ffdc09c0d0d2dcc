import { Plural, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
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
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatDate, formatNumber, formatPhone, phoneDigits } from '../../lib/format.ts';
import { useConfirm, usePrompt } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';
import { useMember } from '../sites/common/useMember.ts';
import { MemberDetailPopup } from './MemberDetailPopup.tsx';
import { MemberViewOpener } from './MemberViewOpener.tsx';

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

/** The actions on one member: limits, block, remove; each confirmed first, the list read again after. */
function MemberActions({
  user,
  act,
}: {
  user: AdminUser;
  act: (label: string, action: () => Promise<unknown>) => void;
}) {
  const { t } = useLingui();
  const phone = user.f_phone;
  return (
    <div className="row wrap">
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          act(t`Limit writing for 5 days?`, () => api(changeUserStatusCall, { phone, status: 'WL' }))
        }
      >
        {t`Limit writing`}
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          act(t`Limit sign-in for 5 days?`, () => api(changeUserStatusCall, { phone, status: 'LL' }))
        }
      >
        {t`Limit sign-in`}
      </button>
      {user.f_status === 'WL' || user.f_status === 'LL' ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => act(t`Lift the limit?`, () => api(liftUserLimitCall, { phone }))}
        >
          {t`Lift limit`}
        </button>
      ) : null}
      {user.f_status === 'B' ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => act(t`Unblock this member?`, () => api(unblockPhoneCall, { phone }))}
        >
          {t`Unblock`}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          onClick={() => act(t`Block this member?`, () => api(blockPhoneCall, { phone }))}
        >
          {t`Block`}
        </button>
      )}
      <button
        type="button"
        className="button button--small button--danger"
        onClick={() =>
          act(t`Remove this member? Their sites are hidden.`, () => api(removeUserFromDBCall, { phone }))
        }
      >
        {t`Remove`}
      </button>
    </div>
  );
}

/**
 * Spec §2 admin member: find members, limit (WL/LL), block, remove, pre-register a phone, and open
 * a member's view by phone or by a listing's number (adminLogin).
 */
export function MemberScreen() {
  const { t } = useLingui();
  const { uid } = useMember();
  const { run } = useCall();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const modal = useModal();
  const [query, setQuery] = useState('');
  const pages = useNumberedPages(
    useCallback((page: number) => api(findUserListByPhoneCall, { phone: phoneDigits(query), page }), [query]),
  );

  const act = async (label: string, action: () => Promise<unknown>) => {
    if (!(await confirm(label))) return;
    if ((await run(action)) !== undefined) pages.reload();
  };

  const openDetail = (user: AdminUser) =>
    modal.open(
      (close) => <MemberDetailPopup phone={user.f_phone} self={user.f_idx === uid} close={close} />,
      pages.reload,
    );

  const preregister = async () => {
    const phone = await prompt({
      title: t`Pre-register a phone`,
      label: t`Phone number`,
      inputMode: 'tel',
      validate: (v) => (phoneDigits(v).length >= 10 ? null : t`Please enter a phone number.`),
    });
    if (phone) await run(() => api(addPhoneNumberCall, { phone: phoneDigits(phone) }));
  };

  return (
    <section>
      <div className="row">
        <input
          className="input grow"
          type="search"
          inputMode="tel"
          placeholder={t`Search by phone`}
          aria-label={t`Search by phone`}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="button" onClick={() => void preregister()}>
          {t`Pre-register`}
        </button>
      </div>
      <MemberViewOpener />
      <p className="muted">
        <Plural value={pages.data?.total ?? 0} one="# member" other="# members" />
      </p>
      <PagedTable
        pages={pages}
        label={t`Members`}
        head={
          <>
            <th scope="col">{t`Member`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">{t`Points`}</th>
            <th scope="col">{t`Sales`}</th>
          </>
        }
        rowKey={(u) => u.f_idx}
        // The actions take a row of their own under the member: on a phone every one stays in sight.
        row={(u) => (
          <>
            <tr className="member-row">
              <td>
                <button type="button" className="link-button" onClick={() => openDetail(u)}>
                  <strong>{u.f_name}</strong>
                </button>{' '}
                <span className="muted">{u.f_affiliation}</span>
                <div className="muted">{formatPhone(u.f_phone)}</div>
              </td>
              <td>
                <StatusBadge user={u} />
              </td>
              <td className="num">{formatNumber(u.f_point)}</td>
              <td className="num">{u.f_sale_count}</td>
            </tr>
            <tr className="member-actions">
              <td colSpan={4} aria-label={t`Actions for ${u.f_name}`}>
                {/* The server refuses every action on oneself: the own row offers none. */}
                {u.f_idx === uid ? (
                  <span className="muted">{t`You`}</span>
                ) : (
                  <MemberActions user={u} act={(label, action) => void act(label, action)} />
                )}
              </td>
            </tr>
          </>
        )}
      />
    </section>
  );
}
