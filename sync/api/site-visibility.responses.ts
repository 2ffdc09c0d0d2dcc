import * as v from 'valibot';
import { count, int, maybe, page, str, time, yn } from './answer-fields.ts';
import { siteListItemEntries } from './site-lists.responses.ts';

export const adminSiteItem = v.strictObject({
  ...siteListItemEntries,
  f_state_time: time,
  f_hidden_by: maybe(v.picklist(['O', 'A', 'E'])),
  f_owner_name: str,
  f_owner_phone: str,
});

export const siteVisibilityResponses = {
  expandGeneralSiteExpireDays: v.strictObject({ site_idx: int, f_remain_days_till_hide: int }),
  findSiteByStatus: page(adminSiteItem),
  removeSite: v.strictObject({ site_idx: int }),
  removeSiteForever: v.strictObject({ site_idx: int }),
  restoreAndHiddenSite: v.strictObject({ site_idx: int, hidden: yn }),
  updateGeneralSite: v.strictObject({ updated: count, f_remain_days_till_hide: int }),
};
