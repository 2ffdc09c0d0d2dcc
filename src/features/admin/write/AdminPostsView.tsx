import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { findCommunityListCall, removeCommunityCall } from '../../../../sync/api/community.api.ts';
import type { SearchColumn } from '../../../../sync/community/rules.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { formatDateTime, phoneDigits } from '../../../lib/format.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useModal } from '../../../ui/modal.tsx';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';
import { communityTypeLabels } from '../../community/labels.ts';
import { PostDetailPopup } from '../../community/PostDetailPopup.tsx';
import { PostFormPopup } from '../../community/PostFormPopup.tsx';
import { useWriterName } from '../../community/writer.ts';
import { afterModalClosed } from '../../points/modal-chain.ts';
import '../../community/community.css';
import { BoardSearch } from '../../community/BoardSearch.tsx';

/**
 * Spec §2 /admin/write/community and /admin/write/notice: the posts (all, or the notices) with a
 * member's phone, a column search, delete with confirm (bulk), and for notices the write button.
 */
export function AdminPostsView({ notices }: { notices: boolean }) {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const confirm = useConfirm();
  const { run } = useCall();
  const writer = useWriterName();
  const [phone, setPhone] = useState('');
  const [query, setQuery] = useState({ phone: '', column: 'title' as SearchColumn, keyword: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  /** Only the posts members reported, the most reported first (not for notices). */
  const [reportedOnly, setReportedOnly] = useState(false);
  const pages = useNumberedPages(
    useCallback(
      (page: number) =>
        api(findCommunityListCall, {
          page_num: page,
          type: notices ? 'N' : '',
          phone: phoneDigits(query.phone),
          column: query.column,
          keyword: query.keyword.replace(/\s+/g, ''),
          reported: reportedOnly && !notices ? 'Y' : 'N',
        }),
      [query, notices, reportedOnly],
    ),
  );
  const reload = () => {
    setSelected(new Set());
    pages.reload();
  };

  const writeNotice = () =>
    modal.open((close) => (
      <PostFormPopup target={{ initial: { type: 'N' } }} moderator close={close} onDone={reload} />
    ));

  const open = (idx: number) =>
    modal.open((close) => (
      <PostDetailPopup
        communityIdx={idx}
        close={close}
        onChanged={reload}
        onEdit={(post) => {
          close();
          void afterModalClosed().then(() =>
            modal.open((closeForm) => (
              <PostFormPopup
                target={{
                  communityIdx: post.f_idx,
                  initial: {
                    type: post.f_type,
                    title: post.f_title,
                    content: post.f_content,
                    phone: post.f_phone,
                    anony: post.f_anony,
                    image_url: post.f_image_url,
                  },
                }}
                moderator
                close={closeForm}
                onDone={reload}
              />
            )),
          );
        }}
      />
    ));

  const removeSelected = async () => {
    const idxList = [...selected];
    if (idxList.length === 0) return;
    if (!(await confirm(t`Delete ${idxList.length} posts?`, { danger: true }))) return;
    if ((await run(() => api(removeCommunityCall, { idx_list: idxList }))) !== undefined) reload();
  };

  return (
    <section>
      <BoardSearch initialColumn="title" onSearch={(found) => setQuery({ ...found, phone })} />
      <input
        className="input input--block"
        type="search"
        inputMode="tel"
        aria-label={t`Writer's phone`}
        placeholder={t`Writer's phone`}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {notices ? null : (
        <label className="check">
          <input
            type="checkbox"
            checked={reportedOnly}
            onChange={(e) => {
              setSelected(new Set());
              setReportedOnly(e.target.checked);
            }}
          />{' '}
          <Trans>Reported posts only (most reported first)</Trans>
        </label>
      )}
      <div className="row">
        {notices ? (
          <button type="button" className="button button--primary grow" onClick={writeNotice}>
            <Trans>Write notice</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--danger grow"
          disabled={selected.size === 0}
          onClick={() => void removeSelected()}
        >
          {t`Delete selected (${selected.size})`}
        </button>
      </div>
      <PagedTable
        pages={pages}
        label={notices ? t`Notices` : t`Posts`}
        head={
          <>
            <th scope="col">{t`Select`}</th>
            <th scope="col">{t`Category`}</th>
            <th scope="col">{t`Title`}</th>
            <th scope="col">{t`Writer`}</th>
            <th scope="col">{t`Reports`}</th>
          </>
        }
        rowKey={(post) => post.f_idx}
        row={(post) => (
          <tr>
            <td>
              <input
                type="checkbox"
                aria-label={t`Select ${post.f_title}`}
                checked={selected.has(post.f_idx)}
                onChange={(e) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(post.f_idx);
                    else next.delete(post.f_idx);
                    return next;
                  })
                }
              />
            </td>
            <td>{i18n._(communityTypeLabels[post.f_type])}</td>
            <td>
              <button type="button" className="link-button" onClick={() => open(post.f_idx)}>
                {post.f_title}
              </button>
              <div className="muted">
                {formatDateTime(post.f_reg_time)} · {t`Comments ${post.comment_count}`}
              </div>
            </td>
            <td>{writer(post)}</td>
            <td data-testid="report-count">
              {post.report_count > 0 ? (
                <span className="badge badge--danger">{post.report_count}</span>
              ) : (
                <span className="muted">0</span>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
