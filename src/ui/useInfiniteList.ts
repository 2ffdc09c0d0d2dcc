import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Infinite scroll over a paged list (spec §9: a list ends when a page returns fewer rows
 * than the limit; a failed page stops loading). Put `sentinelRef` on an element after the
 * last row: when it scrolls into view the next page loads.
 */
export function useInfiniteList<T>({
  loadPage,
  onError,
}: {
  /** Loads page n (1-based); resolves the rows and the page size the server used. */
  loadPage: (page: number) => Promise<{ list: T[]; limit: number }>;
  onError?: (err: unknown) => void;
}) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const next = useRef(1);
  const busy = useRef(false);
  const finished = useRef(false);
  const loader = useRef(loadPage);
  loader.current = loadPage;
  const errorHandler = useRef(onError);
  errorHandler.current = onError;

  const loadMore = useCallback(async () => {
    if (busy.current || finished.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await loader.current(next.current);
      next.current += 1;
      setItems((prev) => [...prev, ...page.list]);
      if (page.list.length < page.limit) {
        finished.current = true;
        setDone(true);
      }
    } catch (err) {
      finished.current = true;
      setDone(true);
      errorHandler.current?.(err);
    } finally {
      busy.current = false;
      setLoading(false);
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

  return { items, loading, done, loadMore, sentinelRef };
}
