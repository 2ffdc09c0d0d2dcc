import { Limits } from '../../sync/constants.ts';

/**
 * The page links a numbered pager shows (spec §9: 5 at a time): the group the current page
 * is in, and where the previous and next groups start (null at either end). With no pages
 * at all the pager still shows page 1.
 */
export function pageLinks({
  page,
  pageCount,
  size = Limits.pagerLinks,
}: {
  page: number;
  pageCount: number;
  size?: number;
}): { pages: number[]; previous: number | null; next: number | null } {
  const last = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), last);
  const first = Math.floor((current - 1) / size) * size + 1;
  const end = Math.min(last, first + size - 1);
  return {
    pages: Array.from({ length: end - first + 1 }, (_, i) => first + i),
    // The previous group opens on its last page, the next on its first: the pages nearest this group.
    previous: first > 1 ? first - 1 : null,
    next: end < last ? end + 1 : null,
  };
}
