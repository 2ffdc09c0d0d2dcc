import * as v from 'valibot';
import type { AdConnectType, AdsMode, HomeLinkType } from '../home/ads.ts';
import { defineCall } from './contract.ts';
import { pageNum } from './page.ts';
import type { SitePage } from './site-lists.api.ts';

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
}

export const getHomeDataCall = defineCall<HomeData>()({
  operationId: 'getHomeData',
  method: 'post',
  path: '/user/getHomeData',
  summary: 'Everything the home shows: the home setting, the ads showing now and this month’s new sites',
  tag: 'user',
  input: v.object({}),
});

/** YYYY-MM, a month from 2000 on. */
export const monthParam = v.pipe(
  v.string('month required'),
  v.regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM'),
);

/**
 * Spec §7 interestSiteList: the new sites of one month (registered then, Seoul time) of one kind,
 * in the member's regional interest, newest first, 50 a page.
 */
export const interestSiteListCall = defineCall<SitePage & { by_area: boolean }>()({
  operationId: 'interestSiteList',
  method: 'post',
  path: '/site/interestSiteList',
  summary: 'New sites of a month (O new open, G general) in the member’s regions, 50 a page',
  tag: 'site',
  input: v.object({
    type: v.picklist(['O', 'G'], 'must be O or G'),
    page_num: pageNum,
    date: monthParam,
  }),
});
