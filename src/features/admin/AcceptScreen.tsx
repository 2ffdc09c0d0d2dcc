import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import {
  type AdminUser,
  changeUserStatusByIdCall,
  getPendingUserListCall,
} from '../../../sync/api/admin-members.api.ts';
import { pageOffset } from '../../../sync/api/page.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatDateTime, formatPhone } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { CheckIcon, CloseIcon } from '../../ui/icons.ts';
import { useModal } from '../../ui/modal.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';
import { Gallery } from '../sites/detail/Gallery.tsx';

const PAGE = 20;

function QuizAnswers({ user }: { user: AdminUser }) {
  const { t } = useLingui();
  if (user.answer_list.length === 0) return <span className="badge">{t`Pre-registered`}</span>;
  const right = user.answer_list.filter((a) => a.f_answer_status === 'Y').length;
  return (
    <details>
      <summary>
        {t`Quiz answers`}: {right}/{user.answer_list.length}
      </summary>
      <ol>
        {user.answer_list.map((a) => (
          <li key={a.f_question}>
            {a.f_question} — {a.f_answer}{' '}
            {a.f_answer_status === 'Y' ? (
              <Icon
                data={CheckIcon}
                size={16}
                className="icon--ok"
                aria-label={t`Correct`}
                role="img"
                aria-hidden={false}
              />
            ) : (
              <Icon
                data={CloseIcon}
                size={16}
                className="icon--danger"
                aria-label={t`Wrong`}
                role="img"
                aria-hidden={false}
              />
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Spec §2 admin accept: applicants under review with their card; approve, or reject after a confirm. */
export function AcceptScreen() {
  const { t } = useLingui();
  const { run } = useCall();
  const confirm = useConfirm();
  const modal = useModal();
  // getPendingUserList pages by offset and limit (spec §7); the pager asks for whole pages.
  const pages = useNumberedPages(
    useCallback(
      (page: number) =>
        api(getPendingUserListCall, { offset: pageOffset({ page, limit: PAGE }), limit: PAGE }),
      [],
    ),
  );

  const decide = async (user: AdminUser, status: 'A' | 'R') => {
    if (status === 'R' && !(await confirm(t`Reject ${user.f_name}'s application?`, { danger: true }))) return;
    const res = await run(() => api(changeUserStatusByIdCall, { user_id: user.f_idx, status }));
    // The list reloads after each decision (spec §4).
    if (res) pages.reload();
  };

  return (
    <section aria-labelledby="accept-title">
      <h2 id="accept-title">
        <Trans>Applicants under review</Trans> <span className="badge">{pages.data?.total ?? 0}</span>
      </h2>
      <PagedTable
        pages={pages}
        head={
          <>
            <th scope="col">{t`Business card`}</th>
            <th scope="col">{t`Applicant`}</th>
            <th scope="col">{t`Quiz answers`}</th>
          </>
        }
        rowKey={(u) => u.f_idx}
        row={(u) => (
          <tr data-testid="applicant">
            <td>
              {u.f_business_card ? (
                <button
                  type="button"
                  className="applicant__card-button"
                  aria-label={t`Enlarge the business card of ${u.f_name}`}
                  onClick={() => {
                    const url = u.f_business_card;
                    if (url) modal.open((close) => <Gallery images={[url]} start={0} onClose={close} />);
                  }}
                >
                  <img
                    className="applicant__card"
                    src={u.f_business_card}
                    alt={t`Business card of ${u.f_name}`}
                  />
                </button>
              ) : null}
            </td>
            <td>
              <strong>{u.f_name}</strong> <span className="muted">{u.f_affiliation}</span>
              <div>{formatPhone(u.f_phone)}</div>
              <div className="muted">{formatDateTime(u.f_reg_time)}</div>
              {/* The decision under the applicant: on a phone it stays in sight. */}
              <div className="row wrap applicant__actions">
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
            </td>
            <td>
              <QuizAnswers user={u} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}
