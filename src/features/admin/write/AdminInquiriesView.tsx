import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { getInquireListCall } from '../../../../sync/api/inquiries.api.ts';
import { api } from '../../../api/client.ts';
import { formatDateTime, formatPhone } from '../../../lib/format.ts';
import { useModal } from '../../../ui/modal.tsx';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';
import { inquiryTypeLabels } from '../../community/labels.ts';
import { InquiryFormPopup } from '../../inquiries/InquiryFormPopup.tsx';
import { InquiryPopup } from '../../inquiries/InquiryPopup.tsx';
import { afterModalClosed } from '../../points/modal-chain.ts';

/** Inquiry answering in the admin area (write tab): every inquiry, secret ones open, with the answer form. */
export function AdminInquiriesView() {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const pages = useNumberedPages(
    useCallback((page: number) => api(getInquireListCall, { page_num: page }), []),
  );

  const open = (idx: number) =>
    modal.open((close) => (
      <InquiryPopup
        inquiryIdx={idx}
        moderator
        close={close}
        onChanged={pages.reload}
        onEdit={(inquiry) => {
          close();
          void afterModalClosed().then(() =>
            modal.open((closeForm) => (
              <InquiryFormPopup inquiry={inquiry} close={closeForm} onDone={pages.reload} />
            )),
          );
        }}
      />
    ));

  return (
    <section>
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
              <button type="button" className="link-button" onClick={() => open(row.f_idx)}>
                {row.f_title}
              </button>
              <div className="muted">
                {formatDateTime(row.f_reg_time)}
                {row.f_secret === 'Y' ? ` · ${t`Secret`}` : ''}
              </div>
            </td>
            <td>
              {row.f_user_name}
              <div className="muted">{formatPhone(row.f_user_phone)}</div>
            </td>
            <td>{row.f_status === 'A' ? t`Answered` : t`Waiting`}</td>
          </tr>
        )}
      />
    </section>
  );
}
