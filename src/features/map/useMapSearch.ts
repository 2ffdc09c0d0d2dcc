import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type MapArea,
  type MapFilterState,
  type MapSortState,
  toMapQuery,
} from '../../../sync/map/filter-state.ts';
import type { MapSearchResult, MapSite } from '../../../sync/map/query.ts';
import { ApiError } from '../../api/client.ts';
import { runMapSearch } from './map-search.ts';

export interface MapSearchParams {
  filter: MapFilterState;
  keyword: string;
  /** The keyword searches everywhere (the map then follows the results). */
  global: boolean;
  area: MapArea | null;
  zoom: number;
  sort: MapSortState;
  today: string;
}

export interface MapSearchView {
  result: MapSearchResult | null;
  list: MapSite[];
  offline: boolean;
  loading: boolean;
  loadMore: () => void;
}

/** Waits this long after the last change (a pan, a zoom step, a typed filter) before searching. */
const SETTLE_MS = 250;

/**
 * Runs the map search whenever its parameters settle, and the next pages of the list on
 * demand; a newer search cancels an older one still in flight.
 */
export function useMapSearch({
  params,
  onError,
}: {
  params: MapSearchParams;
  onError: (err: ApiError) => void;
}): MapSearchView {
  const [result, setResult] = useState<MapSearchResult | null>(null);
  const [list, setList] = useState<MapSite[]>([]);
  const [offline, setOffline] = useState(false);
  const [loading, setLoading] = useState(false);
  const current = useRef<AbortController | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const key = JSON.stringify(params);

  const run = useCallback(async (offset: number) => {
    const p = paramsRef.current;
    if (!p.area && !(p.global && p.keyword)) return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    try {
      const input = toMapQuery({
        filter: p.filter,
        keyword: p.keyword,
        useKeyword: p.global,
        area: p.area,
        zoom: p.zoom,
        sort: p.sort,
        offset,
        today: p.today,
        includeMarkers: offset === 0,
      });
      const outcome = await runMapSearch({ input, signal: controller.signal });
      if (controller.signal.aborted) return;
      setOffline(outcome.offline);
      if (offset === 0) {
        setResult(outcome.result);
        setList(outcome.result.list);
      } else setList((rows) => [...rows, ...outcome.result.list]);
    } catch (err) {
      if (controller.signal.aborted || (err as Error).name === 'AbortError') return;
      if (err instanceof ApiError) onErrorRef.current(err);
      else throw err;
    } finally {
      if (current.current === controller) setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized parameters are the trigger
  useEffect(() => {
    const timer = setTimeout(() => void run(0), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, run]);

  const loadMore = useCallback(() => {
    if (loading || !result || list.length >= result.count) return;
    void run(list.length);
  }, [loading, result, list.length, run]);

  return { result, list, offline, loading, loadMore };
}
