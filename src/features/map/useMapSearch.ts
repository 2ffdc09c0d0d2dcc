import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type MapArea,
  type MapFilterState,
  type MapSortState,
  toMapQuery,
} from '../../../sync/map/filter-state.ts';
import type { MapQueryInput, MapSearchResult, MapSite } from '../../../sync/map/query.ts';
import { type MapSearchOutcome, runMapSearch } from './map-search.ts';

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
  /** The request that `result` answers. */
  resultQuery: MapQueryInput | null;
  list: MapSite[];
  offline: boolean;
  /** Offline: the kept areas the answer covered. */
  offlineAreas: string[];
  loading: boolean;
  /** The server refused the last search (no valid ticket, under review): told once, not asked again. */
  refused: boolean;
  loadMore: () => void;
}

/** Spec §9 map delay: waits this long after the last change (a pan, a zoom step, a filter) before searching. */
const SETTLE_MS = 500;

/** Runs a call behind the usage ticket: its result, or undefined when the server refused (already shown). */
export type TicketGuard = (run: () => Promise<MapSearchOutcome>) => Promise<MapSearchOutcome | undefined>;

/**
 * Runs the map search whenever its parameters settle, and the next pages of the list on
 * demand; a newer search cancels an older one still in flight. After a refusal (ticket,
 * review) panning does not ask again: only a change of keyword, filter or sort does.
 */
export function useMapSearch({
  params,
  guard,
}: {
  params: MapSearchParams;
  guard: TicketGuard;
}): MapSearchView {
  const [result, setResult] = useState<MapSearchResult | null>(null);
  const [resultQuery, setResultQuery] = useState<MapQueryInput | null>(null);
  const [list, setList] = useState<MapSite[]>([]);
  const [offline, setOffline] = useState(false);
  const [offlineAreas, setOfflineAreas] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [refused, setRefused] = useState(false);
  const current = useRef<AbortController | null>(null);
  const guardRef = useRef(guard);
  guardRef.current = guard;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const refusedFor = useRef<string | null>(null);
  const key = JSON.stringify(params);

  const run = useCallback(async (offset: number) => {
    const p = paramsRef.current;
    if (!p.area && !(p.global && p.keyword)) return;
    const choice = JSON.stringify({ ...p, area: null, zoom: null });
    if (refusedFor.current === choice) return;
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
      const outcome = await guardRef.current(() => runMapSearch({ input, signal: controller.signal }));
      if (controller.signal.aborted) return;
      if (!outcome) {
        refusedFor.current = choice;
        setRefused(true);
        return;
      }
      refusedFor.current = null;
      setRefused(false);
      setOffline(outcome.offline);
      setOfflineAreas(outcome.areas ?? []);
      if (offset === 0) {
        setResult(outcome.result);
        setResultQuery(input);
        setList(outcome.result.list);
      } else setList((rows) => [...rows, ...outcome.result.list]);
    } catch (err) {
      if (controller.signal.aborted || (err as Error).name === 'AbortError') return;
      throw err;
    } finally {
      if (current.current === controller) setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized parameters are the trigger
  useEffect(() => {
    // An answer to the old parameters must not land after they changed.
    current.current?.abort();
    const timer = setTimeout(() => void run(0), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, run]);

  // An answer from the device is replaced by the server's as soon as the network is back.
  useEffect(() => {
    if (!offline) return;
    const again = () => void run(0);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline, run]);

  const loadMore = useCallback(() => {
    if (loading || !result || list.length >= result.count) return;
    void run(list.length);
  }, [loading, result, list.length, run]);

  return { result, resultQuery, list, offline, offlineAreas, loading, refused, loadMore };
}
