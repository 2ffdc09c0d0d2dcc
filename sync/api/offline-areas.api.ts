import * as v from 'valibot';
import { MAX_VIEW_DEGREES, type ViewBox, viewBoxProblem } from '../offline-areas/offline-areas.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import type { offlineAreasResponses } from './offline-areas.responses.ts';

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
export const getOfflineAreaListCall = defineCall<
  Answer<typeof offlineAreasResponses, 'getOfflineAreaList'>
>()({
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

/** A coordinate in degrees; GET query strings arrive as text. */
function degrees(limit: number) {
  return v.pipe(
    v.union([
      v.number(),
      v.pipe(v.string(), v.regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'must be a number'), v.transform(Number)),
    ]),
    v.number('must be a number'),
    v.minValue(-limit, 'out of range'),
    v.maxValue(limit, 'out of range'),
  );
}

const EDGES = ['south', 'west', 'north', 'east'] as const;
type BoxInput = { [K in (typeof EDGES)[number]]?: number | undefined } & { area_idx?: number | undefined };

/** The four edges of a box, when all four are given. */
export function boxOf(input: BoxInput): ViewBox | null {
  const { south, west, north, east } = input;
  return south === undefined || west === undefined || north === undefined || east === undefined
    ? null
    : { south, west, north, east };
}

/** A box's rules (ordered edges, at most MAX_VIEW_DEGREES each way), as checks on an input holding one. */
const boxRules = {
  ordered: 'south must not exceed north, nor west east',
  tall: `the box may be at most ${MAX_VIEW_DEGREES} degrees from south to north`,
  wide: `the box may be at most ${MAX_VIEW_DEGREES} degrees from west to east`,
} as const;
function boxHolds(input: BoxInput, rule: keyof typeof boxRules): boolean {
  const box = boxOf(input);
  if (!box) return true;
  if (rule === 'ordered') return box.south <= box.north && box.west <= box.east;
  return viewBoxProblem(box) !== (rule === 'tall' ? 'too-tall' : 'too-wide');
}

/**
 * The same download for a kept 시/군/구 (`area_idx`) and a kept map view (the box `south`,
 * `west`, `north`, `east`: the map sites inside it); given both, the area's sites inside the box.
 * The box is at most MAX_VIEW_DEGREES each way (viewBoxProblem, the client's rule too).
 */
export const getOfflineAreaSitesCall = defineCall<
  Answer<typeof offlineAreasResponses, 'getOfflineAreaSites'>
>()({
  operationId: 'getOfflineAreaSites',
  method: 'get',
  path: '/map/offlineAreaSites',
  summary:
    "One page of a 시/군/구's or a map view's sites for offline search, in site order after `after_idx` (needs a usage ticket)",
  tag: 'map',
  input: v.pipe(
    v.object({
      area_idx: v.optional(rowId),
      south: v.optional(degrees(90)),
      west: v.optional(degrees(180)),
      north: v.optional(degrees(90)),
      east: v.optional(degrees(180)),
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
    v.forward(
      v.check(
        (q) => EDGES.every((e) => q[e] === undefined) || boxOf(q) !== null,
        'south, west, north and east go together',
      ),
      ['south'],
    ),
    v.forward(
      v.check((q) => q.area_idx !== undefined || boxOf(q) !== null, 'an area or a box is required'),
      ['area_idx'],
    ),
    v.forward(
      v.check((q) => boxHolds(q, 'ordered'), boxRules.ordered),
      ['north'],
    ),
    v.forward(
      v.check((q) => boxHolds(q, 'tall'), boxRules.tall),
      ['north'],
    ),
    v.forward(
      v.check((q) => boxHolds(q, 'wide'), boxRules.wide),
      ['east'],
    ),
  ),
});

/** What keeping a map view would take, and the name it is kept under. */
export interface OfflineViewEstimate {
  /** Map sites inside the box now. */
  site_count: number;
  /** The device store they would take (site_count × AREA_SITE_BYTES). */
  estimate_bytes: number;
  /** The 시/군/구 at the view's centre (of the site nearest to it, else the nearest district's centre). */
  area: { f_idx: number; f_area: string; f_district: string; f_code: string } | null;
}

export const getOfflineViewEstimateCall = defineCall<
  Answer<typeof offlineAreasResponses, 'getOfflineViewEstimate'>
>()({
  operationId: 'getOfflineViewEstimate',
  method: 'get',
  path: '/map/offlineViewEstimate',
  summary:
    'The sites of a map view and the device size they would take, with the 시/군/구 at its centre, before keeping it offline (needs a usage ticket)',
  tag: 'map',
  input: v.pipe(
    v.object({
      south: degrees(90),
      west: degrees(180),
      north: degrees(90),
      east: degrees(180),
    }),
    v.forward(
      v.check((q) => boxHolds(q, 'ordered'), boxRules.ordered),
      ['north'],
    ),
    v.forward(
      v.check((q) => boxHolds(q, 'tall'), boxRules.tall),
      ['north'],
    ),
    v.forward(
      v.check((q) => boxHolds(q, 'wide'), boxRules.wide),
      ['east'],
    ),
  ),
});
