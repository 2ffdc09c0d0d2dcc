import * as v from 'valibot';
import { adConnectTypes, homeLinkTypes } from '../home/ads.ts';
import { count, int, maybe, str, time } from './answer-fields.ts';
import { siteListItem } from './site-lists.responses.ts';
import { appInfo } from './system.responses.ts';

export const homeSetting = v.strictObject({
  f_home_title: str,
  f_home_search_hint: str,
  f_home_content_type: v.picklist(['T', 'I']),
  f_home_content: str,
  f_home_link_type: v.picklist(homeLinkTypes),
  f_home_link_data: str,
  f_ads_duration_sec: int,
  f_ads_mode: v.picklist(['S', 'R']),
});

const adEntries = {
  f_idx: int,
  f_image_url: str,
  f_connect_type: v.picklist(adConnectTypes),
  f_connect_value: str,
  f_period_day: count,
  f_end_time: maybe(time),
};
export const ad = v.strictObject(adEntries);
export const adminAd = v.strictObject({ ...adEntries, f_start_time: maybe(time), showing: v.boolean() });

export const homeResponses = {
  getHomeData: v.strictObject({
    home_setting: homeSetting,
    ads: v.array(ad),
    interest_sites: v.strictObject({
      month: str,
      new_open_count: count,
      general_count: count,
      by_area: v.boolean(),
    }),
    /**
     * The month's newest sites of both kinds in the member's regions (those of `interest_sites`),
     * newest first, at most HOME_NEW_SITES: the home's cards. Absent from a copy kept before.
     */
    new_sites: v.optional(v.array(siteListItem)),
  }),
};

export const homeAdminResponses = {
  getHomeSetting: v.strictObject({ home_setting: homeSetting, ads_list: v.array(adminAd) }),
  updateAdsConnect: adminAd,
  updateAdsImage: adminAd,
  updateAdsPeriod: adminAd,
  updateAppInfo: appInfo,
  updateHomeSetting: homeSetting,
};
