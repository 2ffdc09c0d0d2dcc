import * as v from 'valibot';
import { mapKeyword, mapQuerySchema } from '../map/query.ts';
import { type Answer, defineCall } from './contract.ts';
import { yn } from './fields.ts';
import type { mapResponses, siteNameItem } from './map.responses.ts';
import { pageNum } from './page.ts';

/** Spec §7 searchSiteForMap_app: the map's list (10 a page, with the total) and its pins or clusters. */
export const searchSiteForMapCall = defineCall<Answer<typeof mapResponses, 'searchSiteForMap_app'>>()({
  operationId: 'searchSiteForMap_app',
  method: 'post',
  path: '/site/searchSiteForMap_app',
  summary: 'Map search with every filter, sorted and paged, with pins or clusters (needs a usage ticket)',
  tag: 'map',
  input: mapQuerySchema,
});

const coordinate = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.minValue(min), v.maxValue(max));

/** Spec §7 searchSiteListByPos: the sites on one pin (several sites can share a position), 10 a page. */
export const searchSiteListByPosCall = defineCall<Answer<typeof mapResponses, 'searchSiteListByPos'>>()({
  operationId: 'searchSiteListByPos',
  method: 'post',
  path: '/site/searchSiteListByPos',
  summary: 'Sites at one map position (needs a usage ticket)',
  tag: 'map',
  input: v.object({
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)), 0),
  }),
});

export type SiteNameItem = v.InferOutput<typeof siteNameItem>;

/** Spec §7 findSiteListByName: visible sites by name or address (site report, site pickers). */
export const findSiteListByNameCall = defineCall<Answer<typeof mapResponses, 'findSiteListByName'>>()({
  operationId: 'findSiteListByName',
  method: 'post',
  path: '/site/findSiteListByName',
  summary: 'Find visible sites by name or address, 50 a page',
  tag: 'map',
  input: v.object({
    search_key: v.optional(mapKeyword, ''),
    page_num: pageNum,
    /** A all kinds, O new open, G general. */
    filter: v.optional(v.picklist(['A', 'O', 'G'], 'must be A, O or G'), 'A'),
    /** R newest first, N by name. */
    order: v.optional(v.picklist(['R', 'N'], 'must be R or N'), 'R'),
    /** Y: only sites the caller may update (own, or shared to one of their groups). */
    isUpdate: v.optional(yn, 'N'),
  }),
});

export interface MapConfig {
  /** VWorld WMTS key; null: the map draws OpenStreetMap tiles. */
  vworld_key: string | null;
}

export const getMapConfigCall = defineCall<Answer<typeof mapResponses, 'getMapConfig'>>()({
  operationId: 'getMapConfig',
  method: 'get',
  path: '/map/config',
  summary: 'What the map screen needs from the server configuration (base tile provider)',
  tag: 'map',
  input: v.object({}),
});
