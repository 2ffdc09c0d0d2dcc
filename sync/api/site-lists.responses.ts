import * as v from 'valibot';
import { count, int, maybe, num, pageEntries, str, time, yn } from './answer-fields.ts';

/** `SiteDealPrices` (sync/sites/rules.ts): the site's price ranges and inquiry flags, 만원. */
export const dealPriceEntries = {
  f_transaction_type: str,
  f_sale_price_min: num,
  f_sale_price_max: num,
  f_collateral_price_min: num,
  f_collateral_price_max: num,
  f_charter_price_min: num,
  f_charter_price_max: num,
  f_invest_price_min: num,
  f_invest_price_max: num,
  f_monthly_deposit_min: num,
  f_monthly_deposit_max: num,
  f_monthly_rent_min: num,
  f_monthly_rent_max: num,
  f_site_inquire_sale: yn,
  f_site_inquire_charter: yn,
  f_site_inquire_invest: yn,
  f_site_inquire_monthly: yn,
};

export const siteListItemEntries = {
  ...dealPriceEntries,
  f_complete: yn,
  f_idx: int,
  f_name: str,
  f_site_type: v.picklist(['O', 'G', 'U']),
  f_address1: str,
  f_address2: str,
  f_status: v.picklist(['N', 'P', 'D']),
  f_hidden: yn,
  f_user_idx: int,
  f_group_idx: maybe(int),
  f_remain_days_till_hide: maybe(int),
  f_reg_time: time,
  f_update_time: time,
  f_like: yn,
  f_image_url: maybe(str),
  f_time: time,
};
export const siteListItem = v.strictObject(siteListItemEntries);

export const sitePageEntries = pageEntries(siteListItem);
export const sitePage = v.strictObject(sitePageEntries);

export const siteListsResponses = {
  getLikeSiteList: sitePage,
  getMySiteList: v.strictObject({ ...sitePageEntries, near_expire_count: count }),
  getRecentViewSiteList: sitePage,
  getSiteOfGroup: v.strictObject({
    ...sitePageEntries,
    groups: v.array(v.strictObject({ f_idx: int, f_name: str })),
  }),
};

export const monthlyResponses = {
  interestSiteList: v.strictObject({ ...sitePageEntries, by_area: v.boolean() }),
};
