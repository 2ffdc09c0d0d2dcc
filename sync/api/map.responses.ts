import * as v from 'valibot';
import { count, int, maybe, num, page, pageEntries, str, time, yn } from './answer-fields.ts';
import { dealPriceEntries } from './site-lists.responses.ts';

/** `MapSite` (sync/map/query.ts): one site of the map's list. */
export const mapSite = v.strictObject({
  ...dealPriceEntries,
  f_idx: int,
  f_name: str,
  f_site_type: v.picklist(['O', 'G']),
  f_address1: str,
  f_address2: str,
  f_latitude: num,
  f_longitude: num,
  f_maemul_type: str,
  f_complete: yn,
  f_like: yn,
  f_open_date: maybe(str),
  f_reg_time: time,
  sort_value: maybe(num),
});

/** [site idx, lat, lng, site type, completed, headline price in 만원 or null]. */
export const mapPin = v.strictTuple([int, num, num, v.picklist(['O', 'G']), yn, maybe(num)]);

export const siteNameItem = v.strictObject({
  f_idx: int,
  f_name: str,
  f_site_type: v.picklist(['O', 'G']),
  f_address1: str,
  f_address2: str,
  f_complete: yn,
  f_reg_time: time,
});

export const mapResponses = {
  findSiteListByName: page(siteNameItem),
  getMapConfig: v.strictObject({ vworld_key: maybe(str) }),
  searchSiteForMap_app: v.strictObject({
    list: v.array(mapSite),
    count: count,
    offset: count,
    mode: v.picklist(['pins', 'clusters']),
    pins: v.array(mapPin),
    clusters: v.array(v.strictObject({ key: str, lat: num, lng: num, count: count })),
  }),
  searchSiteListByPos: v.strictObject({ ...pageEntries(mapSite), count: count }),
};
