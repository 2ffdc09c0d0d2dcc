import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { getInquireListCall, type Inquiry } from '../../../sync/api/inquiries.api.ts';
import type { SearchColumn } from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { formatDate } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';
import { useProfile } from '../auth/profile.ts';
import { inquiryTypeLabels } from '../community/labels.ts';
import { isModerator } from '../community/moderation.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { InquiryFormPopup } from './InquiryFormPopup.tsx';
import { InquiryPopup } from './InquiryPopup.tsx';
import '../community/community.css';
import { BoardSearch } from '../community/BoardSearch.tsx';

/**
 * Spec §2 /Inquire (public): the inquiry board with the numbered pager of §9 (20 rows, 5 page
 * links), search by column, mine only. A visitor reads what is not secret and is asked to sign in
 * to write; a secret inquiry opens for its author and the admins only (the server decides).
 */
export function InquireScreen() {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const profile = useProfile();
  const signedIn = (sessionStore.get() ?? sessionStore.stored()) !== null;
  const moderator = signedIn && isModerator(profile);
  const [query, setQuery] = useState({
    column: 'title' as SearchColumn,
    keyword: '',
    mine: false,
    version: 0,
  });
  const pages = useNumberedPages(
    useCallback(
      (page: number) =>
        api(getInquireListCall, {
          page_num: page,
          column: query.column,
          keyword: query.keyword,
          mine: query.mine ? 'Y' : 'N',
        }),
      [query],
    ),
  );
  const refresh = () => pages.reload();

  const openForm = (inquiry?: Inquiry) =>
    modal.open((close) => (
      <InquiryFormPopup {...(inquiry ? { inquiry } : {})} close={close} onDone={refresh} />
    ));

  const write = async () => {
    if (signedIn) return openForm();
    if (await confirm(t`Please sign in to write an inquiry.`, { confirmLabel: t`Sign in` })) {
      await afterModalClosed();
      void navigate({ to: '/Login' });
    }
  };

  const open = (row: Inquiry) => {
    if (row.locked) return toast(t`Only the writer and admins may read a secret inquiry.`);
    modal.open((close) => (
      <InquiryPopup
        inquiryIdx={row.f_idx}
        moderator={moderator}
        close={close}
        onChanged={refresh}
        onEdit={(inquiry) => {
          close();
          void afterModalClosed().then(() => openForm(inquiry));
        }}
      />
    ));
  };

  return (
    <>
      <ScreenHeader
        title={t`Inquiries`}
        back
        right={
          <button type="button" className="button button--small button--primary" onClick={() => void write()}>
            <Trans>Write</Trans>
          </button>
        }
      />
      <main className="screen">
        <BoardSearch initialColumn="title" onSearch={(found) => setQuery((q) => ({ ...q, ...found }))} />
        {signedIn ? (
          <label className="check">
            <input
              type="checkbox"
              checked={query.mine}
              onChange={(e) => setQuery((q) => ({ ...q, mine: e.target.checked }))}
            />{' '}
            <Trans>My inquiries only</Trans>
          </label>
        ) : null}
        <PagedTable
          pages={pages}
          label={t`Inquiries`}
          head={
            <>
              <th scope="col">{t`Type`}</th>
              <th scope="col">{t`Title`}</th>
              <th scope="col">{t`Writer`}</th>
              <th scope="col">{t`Status`}</th>
            </>
          }
          rowKey={(row) => row.f_idx}
          row={(row) => (
            <tr>
              <td>{i18n._(inquiryTypeLabels[row.f_type])}</td>
              <td>
                <button type="button" className="link-button" onClick={() => open(row)}>
                  {row.locked ? t`Secret inquiry` : row.f_title}
                </button>
                <div className="muted">{formatDate(row.f_reg_time, i18n.locale === 'en' ? 'en' : 'ko')}</div>
              </td>
              <td className="cell-nowrap">{row.f_user_name}</td>
              <td className="cell-nowrap">{row.f_status === 'A' ? t`Answered` : t`Waiting`}</td>
            </tr>
          )}
        />
      </main>
    </>
  );
}
