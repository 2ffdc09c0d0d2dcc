import { useLingui } from '@lingui/react/macro';

/** Page n of m with previous/next, for admin lists that page by number. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="row pager">
      <button
        type="button"
        className="button button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t`Previous page`}
      >
        ‹
      </button>
      <span>
        {page} / {pages}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t`Next page`}
      >
        ›
      </button>
    </div>
  );
}
