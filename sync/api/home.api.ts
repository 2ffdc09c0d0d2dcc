import * as v from 'valibot';
import type { AdConnectType, AdsMode, HomeLinkType } from '../home/ads.ts';
import { defineCall } from './contract.ts';
import type { SiteListItem } from './site-lists.api.ts';

/** How many of the month's new sites the home shows as cards (the popup and /MonthlySale list all). */
export const HOME_NEW_SITES = 10;

/** The home setting (spec §3 Home setting) with the app settings the home reads beside it. */
export interface HomeSetting {
  f_home_title: string;
  f_home_search_hint: string;
  /** T: the logo is the text `f_home_content`; I: it is the image at that URL. */
  f_home_content_type: 'T' | 'I';
  f_home_content: string;
  f_home_link_type: HomeLinkType;
  f_home_link_data: string;
  f_ads_duration_sec: number;
  f_ads_mode: AdsMode;
}

/** An ad slot (spec §3 Ad). */
export interface Ad {
  f_idx: number;
  f_image_url: string;
  f_connect_type: AdConnectType;
  f_connect_value: string;
  f_period_day: number;
  /** When the period ends (null: no period set, the ad is not shown). */
  f_end_time: string | null;
}

/** This month's new sites in the member's regional interest (every region when none is chosen). */
export interface InterestSites {
  /** YYYY-MM in Seoul time. */
  month: string;
  new_open_count: number;
  general_count: number;
  /** Whether the counts are of the member's chosen regions. */
  by_area: boolean;
}

export interface HomeData {
  home_setting: HomeSetting;
  /** The ads showing now, in slot order (the home applies the mode). */
  ads: Ad[];
  interest_sites: InterestSites;
  /**
   * The month's newest sites of both kinds in the member's regions (those of `interest_sites`),
   * newest first, at most HOME_NEW_SITES: the home's cards. Absent from a copy kept before.
   */
  new_sites?: SiteListItem[];
}

export const getHomeDataCall = defineCall<HomeData>()({
  operationId: 'getHomeData',
  method: 'post',
  path: '/user/getHomeData',
  summary: 'The home setting, ads and new sites of the month (counts and the newest as cards)',
  tag: 'user',
  input: v.object({}),
});
