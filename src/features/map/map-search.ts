import * as v from 'valibot';
import { searchSiteForMapCall, searchSiteListByPosCall } from '../../../sync/api/map.api.ts';
import {
  type MapQueryInput,
  type MapSearchResult,
  type MapSite,
  mapQuerySchema,
} from '../../../sync/map/query.ts';
import { api, NetworkError } from '../../api/client.ts';
import { searchOfflineWithAreas } from './offline-search.ts';

export interface MapSearchOutcome {
  result: MapSearchResult;
  /** True when the answer came from the sites saved on this device. */
  offline: boolean;
  /** Offline: the kept areas (시/군/구 names) the answer covered besides the member's own sites. */
  areas?: string[];
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * One map search: the server when it answers, else the same query over the sites saved on
 * this device. Business refusals (ticket, review) are the server's answer and are thrown.
 */
export async function runMapSearch({
  input,
  signal,
}: {
  input: MapQueryInput;
  signal?: AbortSignal;
}): Promise<MapSearchOutcome> {
  if (!isOffline()) {
    try {
      return { result: await api(searchSiteForMapCall, input, signal ? { signal } : {}), offline: false };
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const { result, areas } = await searchOfflineWithAreas({ query: v.parse(mapQuerySchema, input) });
  return { result, offline: true, areas };
}

/** The sites on one pin (several can share a position), online or from the device. */
export async function sitesAtPosition({ lat, lng }: { lat: number; lng: number }): Promise<MapSite[]> {
  if (!isOffline()) {
    try {
      return (await api(searchSiteListByPosCall, { lat, lng })).list;
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const d = 1e-7;
  const query = v.parse(mapQuerySchema, {
    bounds: { south: lat - d, north: lat + d, west: lng - d, east: lng + d },
    zoom_level: 20,
    include_markers: 'N',
  });
  return (await searchOfflineWithAreas({ query })).result.list;
}
