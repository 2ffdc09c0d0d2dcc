import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../sync/api/page.ts';
import { type Query, useQuery } from '../api/useQuery.ts';

export interface NumberedPages<T> extends Query<Page<T>> {
  /** The page shown, 1-based (spec §9: admin lists start at page 1). */
  page: number;
  setPage: (page: number) => void;
}

/**
 * A list read one numbered page at a time (admin lists, inquiries). `loadPage` is a
 * useCallback of the list's filters: when they change the list starts again at page 1.
 */
export function useNumberedPages<T>(loadPage: (page: number) => Promise<Page<T>>): NumberedPages<T> {
  const [at, setAt] = useState({ loader: loadPage, page: 1 });
  const page = at.loader === loadPage ? at.page : 1;
  const setPage = useCallback((next: number) => setAt({ loader: loadPage, page: next }), [loadPage]);
  const load = useCallback(() => loadPage(page), [loadPage, page]);
  const query = useQuery(load);

  // A page emptied by an action (the last applicant on it approved) gives way to the new last page.
  const lastPage = Math.max(1, query.data?.page_count ?? 1);
  const beyond = !query.loading && query.data !== undefined && page > lastPage;
  useEffect(() => {
    if (beyond) setPage(lastPage);
  }, [beyond, lastPage, setPage]);

  return { ...query, page, setPage };
}
