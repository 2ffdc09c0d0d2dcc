import * as v from 'valibot';
import { defineCall } from './contract.ts';
import { rowId } from './fields.ts';

/** A 시/군/구 an agent may keep offline, with what it would cost. */
export interface OfflineAreaOption {
  f_idx: number;
  /** 시/도 */
  f_area: string;
  /** 시/군/구 */
  f_district: string;
  f_code: string;
  /** Sites the map shows there now. */
  site_count: number;
  /** The device store it would take (site_count × AREA_SITE_BYTES). */
  estimate_bytes: number;
}

/** The 시/군/구 list for the offline-area picker. */
export const getOfflineAreaListCall = defineCall<{ list: OfflineAreaOption[] }>()({
  operationId: 'getOfflineAreaList',
  method: 'get',
  path: '/map/offlineAreas',
  summary:
    'Every 시/군/구 with the number of map sites in it and the estimated device size (needs a usage ticket)',
  tag: 'map',
  input: v.object({}),
});

/**
 * One page of an area's sites as the map search reads them: the list fields and the filter
 * summaries of the server's map table, as rows of `columns` (the names are sent once a page).
 */
export interface OfflineAreaPage {
  area_idx: number;
  columns: string[];
  rows: unknown[][];
  /** Give it as `after_idx` for the next page; null: this was the last. */
  next_after: number | null;
}

export const getOfflineAreaSitesCall = defineCall<OfflineAreaPage>()({
  operationId: 'getOfflineAreaSites',
  method: 'get',
  path: '/map/offlineAreaSites',
  summary:
    "One page of a 시/군/구's map sites for offline search, in site order after `after_idx` (needs a usage ticket)",
  tag: 'map',
  input: v.object({
    area_idx: rowId,
    /** 0 for the first page. */
    after_idx: v.optional(
      v.pipe(
        v.union([
          v.number(),
          v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'must be a number'), v.transform(Number)),
        ]),
        v.integer('must be an integer'),
        v.minValue(0, 'must not be negative'),
        v.maxValue(Number.MAX_SAFE_INTEGER, 'too large'),
      ),
      0,
    ),
  }),
});
