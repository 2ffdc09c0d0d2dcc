import { Trans } from '@lingui/react/macro';
import { Fragment, type Key, type ReactNode } from 'react';
import { NetworkError } from '../api/client.ts';
import { NeedsNetwork } from './NeedsNetwork.tsx';
import { PageLinks } from './PageLinks.tsx';
import type { NumberedPages } from './useNumberedPages.ts';

/**
 * A table of one numbered page (useNumberedPages) with the page links under it. `head` is
 * the header cells, `row` renders a <tr> for one item. A page that could not be read for want of
 * a network says so instead (NeedsNetwork).
 */
export function PagedTable<T>({
  pages,
  head,
  row,
  rowKey,
  label,
}: {
  pages: NumberedPages<T>;
  head: ReactNode;
  row: (item: T) => ReactNode;
  rowKey: (item: T) => Key;
  label?: string;
}) {
  const list = pages.data?.list ?? [];
  const offline = pages.data === undefined && pages.error instanceof NetworkError;
  if (offline) {
    return <NeedsNetwork onRetry={pages.reload} busy={pages.loading} />;
  }
  return (
    <>
      <div className="table-scroll">
        <table aria-label={label} aria-busy={pages.loading}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <Fragment key={rowKey(item)}>{row(item)}</Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {pages.data && list.length === 0 ? (
        <p className="empty">
          <Trans>No information found.</Trans>
        </p>
      ) : null}
      <PageLinks page={pages.page} pageCount={pages.data?.page_count ?? 0} onPage={pages.setPage} />
    </>
  );
}
