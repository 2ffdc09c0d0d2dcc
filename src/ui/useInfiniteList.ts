import { useCallback, useEffect, useRef, useState } from 'react';
import { isLastPage, type Page } from '../../sync/api/page.ts';
import { useCallFailure } from '../api/useCall.ts';

export interface InfiniteListState<T> {
  items: T[];
  loading: boolean;
  /** No more pages: the last one was short, or page_count was reached, or a page failed. */
  done: boolean;
  loadMore: () => Promise<void>;
  /** The failure that stopped the list (already handled), until `retry` starts it again. */
  error: unknown;
  /** Loads again from where a failed page stopped. */
  retry: () => void;
  /** Put on an element after the last row: when it scrolls into view the next page loads. */
  sentinelRef: (node: Element | null) => void;
  /** Takes rows off the list at once (an un-liked favourite), and out of pages still to come. */
  removeWhere: (remove: (item: T) => boolean) => void;
  /** Loads the list again from the first page (the network is back: the server's rows replace the copy's). */
  restart: () => void;
}

/**
 * Infinite scroll over a paged list (spec §9: a list ends when a page returns fewer rows
 * than the limit; a failed page stops loading, and is toasted unless `onError` is given).
 * Give the component using it a new `key` to start again from the first page.
 */
export function useInfiniteList<T>({
  loadPage,
  onError,
}: {
  /** Loads page n (1-based). */
  loadPage: (page: number) => Promise<Page<T>>;
  onError?: (err: unknown) => void;
}): InfiniteListState<T> {
  const fail = useCallFailure();
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const next = useRef(1);
  const busy = useRef(false);
  const finished = useRef(false);
  const removed = useRef<Array<(item: T) => boolean>>([]);
  // A restart while a page is on its way: that page belongs to the list before, and is dropped.
  const generation = useRef(0);
  const loader = useRef(loadPage);
  loader.current = loadPage;
  const errorHandler = useRef(onError ?? fail);
  errorHandler.current = onError ?? fail;

  const loadMore = useCallback(async () => {
    if (busy.current || finished.current) return;
    busy.current = true;
    setLoading(true);
    const started = generation.current;
    try {
      const pageNum = next.current;
      const page = await loader.current(pageNum);
      if (started !== generation.current) return;
      next.current += 1;
      const kept = page.list.filter((item) => !removed.current.some((remove) => remove(item)));
      setItems((prev) => [...prev, ...kept]);
      if (isLastPage({ page, pageNum })) {
        finished.current = true;
        setDone(true);
      }
    } catch (err) {
      if (started !== generation.current) return;
      finished.current = true;
      setDone(true);
      setError(err);
      errorHandler.current(err);
    } finally {
      busy.current = false;
      setLoading(false);
      // The list was started again while this page loaded: its first page loads now.
      if (started !== generation.current) void loadMore();
      // Observing again reports the sentinel at once: a short page that left it in view loads the next.
      const node = sentinel.current;
      if (node && observer.current && !finished.current) {
        observer.current.unobserve(node);
        observer.current.observe(node);
      }
    }
  }, []);

  const observer = useRef<IntersectionObserver | null>(null);
  const sentinel = useRef<Element | null>(null);
  const sentinelRef = useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      sentinel.current = node;
      if (!node) return;
      observer.current = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      });
      observer.current.observe(node);
    },
    [loadMore],
  );

  useEffect(() => {
    void loadMore();
    return () => observer.current?.disconnect();
  }, [loadMore]);

  const removeWhere = useCallback((remove: (item: T) => boolean) => {
    removed.current.push(remove);
    setItems((prev) => prev.filter((item) => !remove(item)));
  }, []);

  const retry = useCallback(() => {
    finished.current = false;
    setDone(false);
    setError(undefined);
    void loadMore();
  }, [loadMore]);

  const restart = useCallback(() => {
    generation.current += 1;
    next.current = 1;
    finished.current = false;
    setItems([]);
    setDone(false);
    setError(undefined);
    void loadMore();
  }, [loadMore]);

  return { items, loading, done, loadMore, error, retry, sentinelRef, removeWhere, restart };
}
