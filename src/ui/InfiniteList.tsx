import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type Key, type ReactNode } from 'react';
import { NetworkError } from '../api/client.ts';
import { NeedsNetwork } from './NeedsNetwork.tsx';
import type { InfiniteListState } from './useInfiniteList.ts';

/**
 * The rows of an infinite list (useInfiniteList), the empty text when it ended with none,
 * and the sentinel that loads the next page as it scrolls into view. `row` renders an <li>.
 * `empty` replaces the generic empty text where the screen can say what would be here and how.
 * A list whose first page could not be read for want of a network says so (NeedsNetwork).
 */
export function InfiniteList<T>({
  list,
  row,
  rowKey,
  label,
  className = 'list',
  empty,
}: {
  list: InfiniteListState<T>;
  row: (item: T) => ReactNode;
  rowKey: (item: T) => Key;
  label?: string;
  className?: string;
  empty?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <ul className={className} aria-label={label}>
        {list.items.map((item) => (
          <Fragment key={rowKey(item)}>{row(item)}</Fragment>
        ))}
      </ul>
      {list.done && list.items.length === 0 ? (
        list.error instanceof NetworkError ? (
          <NeedsNetwork onRetry={list.retry} />
        ) : (
          <div className="empty">{empty ?? <Trans>No information found.</Trans>}</div>
        )
      ) : null}
      {list.done ? null : (
        <div ref={list.sentinelRef} className="sentinel" aria-hidden="true">
          {list.loading ? t`Loading…` : ''}
        </div>
      )}
    </>
  );
}
