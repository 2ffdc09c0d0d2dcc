import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon.tsx';
import { BackIcon, NextIcon } from './icons.ts';
import { pageLinks } from './page-links.ts';

/** Numbered page links, 5 at a time, with the previous and next groups; the current page is marked. */
export function PageLinks({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const { pages, previous, next } = pageLinks({ page, pageCount });
  return (
    <nav className="row pager" aria-label={t`Pages`}>
      <button
        type="button"
        className="button button--small"
        disabled={previous === null}
        onClick={() => previous !== null && onPage(previous)}
        aria-label={t`Previous pages`}
      >
        <Icon data={BackIcon} size={18} />
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className={`button button--small${n === page ? ' button--primary' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="button button--small"
        disabled={next === null}
        onClick={() => next !== null && onPage(next)}
        aria-label={t`Next pages`}
      >
        <Icon data={NextIcon} size={18} />
      </button>
    </nav>
  );
}
