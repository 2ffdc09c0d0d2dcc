import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { type CommunityPost, getCommunityListCall } from '../../../sync/api/community.api.ts';
import type { CommunityType, SearchColumn } from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { WaitingBadge } from '../sync/waiting.tsx';
import { tabPage } from './community-cache.ts';
import { communityTypeLabels } from './labels.ts';
import { useWaitingPosts, withWaitingEdit } from './waiting-posts.ts';
import { useWriterName } from './writer.ts';

export interface PostQuery {
  type: CommunityType | '';
  column: SearchColumn;
  keyword: string;
  mine: boolean;
}

/**
 * The infinite list of one tab (spec §2 Community): made+ posts first as the server orders them,
 * with comment counts. A plain tab is kept on the device for offline reading; a search or "mine"
 * needs the network. Give it a new `key` to start again.
 */
export function PostList({
  query,
  onOpen,
  selected,
  onSelect,
}: {
  query: PostQuery;
  onOpen: (post: CommunityPost) => void;
  /** Moderators pick posts for a bulk delete; absent for everyone else. */
  selected?: ReadonlySet<number>;
  onSelect?: (idx: number, on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const writer = useWriterName();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const loadPage = useCallback(
    (page: number) => {
      const load = () =>
        api(getCommunityListCall, {
          page_num: page,
          type: query.type,
          column: query.column,
          keyword: query.keyword,
          mine: query.mine ? 'Y' : 'N',
        });
      const plain = query.keyword === '' && !query.mine;
      return plain ? tabPage({ type: query.type, page, load }) : load();
    },
    [query],
  );
  const list = useInfiniteList({ loadPage });
  // Edits and deletes made on this device show at once: an edit over the row, a delete leaves it out.
  const waiting = useWaitingPosts();
  return (
    <InfiniteList
      list={list}
      label={t`Posts`}
      rowKey={(post) => post.f_idx}
      row={(read) => {
        if (waiting.removed.has(read.f_idx)) return null;
        const edit = waiting.edits.get(read.f_idx);
        const post = withWaitingEdit(read, edit);
        return (
          <li className={`post-row${post.f_made === 'Y' ? ' post-row--pinned' : ''}`} data-testid="post-row">
            <div className="row">
              {onSelect ? (
                <input
                  type="checkbox"
                  aria-label={t`Select ${post.f_title}`}
                  checked={selected?.has(post.f_idx) ?? false}
                  onChange={(e) => onSelect(post.f_idx, e.target.checked)}
                />
              ) : null}
              {post.f_made === 'Y' ? (
                <span className="badge badge--ok" data-testid="pinned">
                  {t`Made+`}
                </span>
              ) : null}
              <span className="badge">{i18n._(communityTypeLabels[post.f_type])}</span>
              <button type="button" className="post-row__title grow" onClick={() => onOpen(post)}>
                {post.f_title}
              </button>
            </div>
            <div className="post-row__meta">
              <span>{writer(post)}</span>
              <span>{formatDateTime(post.f_reg_time, locale)}</span>
              <span>{t`Comments ${post.comment_count}`}</span>
              {edit ? <WaitingBadge /> : null}
            </div>
          </li>
        );
      }}
    />
  );
}
