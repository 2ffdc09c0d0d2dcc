import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { ad, homeResponses, homeSetting } from './home.responses.ts';
import type { SiteListItem } from './site-lists.api.ts';

/** How many of the month's new sites the home shows as cards (the popup and /MonthlySale list all). */
export const HOME_NEW_SITES = 10;

/** The home setting (spec §3 Home setting) with the app settings the home reads beside it. */
export type HomeSetting = v.InferOutput<typeof homeSetting>;

/** An ad slot (spec §3 Ad). */
export type Ad = v.InferOutput<typeof ad>;

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

export const getHomeDataCall = defineCall<Answer<typeof homeResponses, 'getHomeData'>>()({
  operationId: 'getHomeData',
  method: 'post',
  path: '/user/getHomeData',
  summary: 'The home setting, ads and new sites of the month (counts and the newest as cards)',
  tag: 'user',
  input: v.object({}),
});
