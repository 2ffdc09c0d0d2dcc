import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback } from 'react';
import { type AdminUser, getUserDetailCall } from '../../../sync/api/admin-members.api.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { useQuery } from '../../api/useQuery.ts';
import { formatDateTime, formatNumber, formatPhone } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { openMemberView } from './member-view.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Answers({ user }: { user: AdminUser }) {
  const { t } = useLingui();
  if (user.answer_list.length === 0)
    return <p className="muted">{t`No quiz answers (pre-registered or older account).`}</p>;
  return (
    <ol className="detail-answers">
      {user.answer_list.map((a) => (
        <li key={a.f_question}>
          {a.f_question}: <strong>{a.f_answer}</strong>{' '}
          {a.f_answer_status === 'Y' ? (
            <span className="badge badge--ok">{t`Correct`}</span>
          ) : (
            <span className="badge badge--danger">{t`Wrong`}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * Spec §3 User (admin view): one member's detail, read fresh (getUserDetail), with the way into
 * their view of the app for a non-admin member (adminLogin).
 */
export function MemberDetailPopup({
  phone,
  self,
  close,
}: {
  phone: string;
  self: boolean;
  close: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const { data: user } = useQuery(useCallback(() => api(getUserDetailCall, { phone }), [phone]));
  const { run, pending } = useCall();
  const confirm = useConfirm();

  const openView = async (member: AdminUser) => {
    const name = member.f_name;
    if (!(await confirm(t`Open the app as ${name}? Your visit is recorded; their own sign-in stays.`)))
      return;
    close();
    await run(() => openMemberView({ key: member.f_phone, type: 'phone' }));
  };

  return (
    <article data-testid="member-detail">
      <h2 className="modal__title">{user ? user.f_name : t`Member`}</h2>
      {user ? (
        <>
          <p className="muted">
            {user.f_affiliation} · {formatPhone(user.f_phone)}
          </p>
          <dl className="detail-fields">
            <Field label={t`Signed up at`}>{formatDateTime(user.f_reg_time, locale)}</Field>
            <Field label={t`Last access`}>{formatDateTime(user.f_last_access, locale)}</Field>
            <Field label={t`Sites`}>{formatNumber(user.f_sale_count)}</Field>
            <Field label={t`Community posts`}>{formatNumber(user.f_community_count)}</Field>
            <Field label={t`Notifications`}>{formatNumber(user.f_notify_count)}</Field>
            <Field label={t`Warnings`}>{formatNumber(user.f_warned_count)}</Field>
            <Field label={t`Points`}>{formatNumber(user.f_point)}</Field>
            <Field label={t`Charged points`}>{formatNumber(user.f_charge_point)}</Field>
            <Field label={t`Usage until`}>{formatDateTime(user.f_usage_date, locale)}</Field>
          </dl>
          <h3>{t`Quiz answers`}</h3>
          <Answers user={user} />
        </>
      ) : (
        <p className="muted">{t`Loading…`}</p>
      )}
      <div className="modal__actions">
        {/* Only a member's view: the server refuses an admin's, and one's own. */}
        {user && user.f_type === 'U' && !self ? (
          <button type="button" className="button" disabled={pending} onClick={() => void openView(user)}>
            {t`Open member's view`}
          </button>
        ) : null}
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </article>
  );
}
