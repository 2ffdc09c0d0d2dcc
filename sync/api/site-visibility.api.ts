import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import { pageNum } from './page.ts';
import type { adminSiteItem, siteVisibilityResponses } from './site-visibility.responses.ts';

/** Spec §7 expandGeneralSiteExpireDays: the owner restarts a general site's days (sync/sites/expiry.ts). */
export const expandGeneralSiteExpireDaysCall = defineCall<
  Answer<typeof siteVisibilityResponses, 'expandGeneralSiteExpireDays'>
>()({
  operationId: 'expandGeneralSiteExpireDays',
  method: 'post',
  path: '/site/expandGeneralSiteExpireDays',
  summary: 'Restart the remaining days of a visible general site before it is auto-hidden (owner or admin)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});

/**
 * Spec §7 updateGeneralSite (update-all): restarts the remaining days of the caller's own
 * visible general sites; with group_idx, only those shared to that group (the caller must
 * belong to it). Other members' sites are never touched: only the owner manages a site.
 */
export const updateGeneralSiteCall = defineCall<
  Answer<typeof siteVisibilityResponses, 'updateGeneralSite'>
>()({
  operationId: 'updateGeneralSite',
  method: 'post',
  path: '/site/updateGeneralSite',
  summary: 'Restart the remaining days of all the caller’s visible general sites',
  tag: 'site',
  input: v.object({ group_idx: v.optional(v.nullable(rowId), null) }),
});

/** Spec §7 removeSite: status D (the owner or an admin); an admin can restore it. */
export const removeSiteCall = defineCall<Answer<typeof siteVisibilityResponses, 'removeSite'>>()({
  operationId: 'removeSite',
  method: 'post',
  path: '/site/removeSite',
  summary: 'Delete a site (status D; owner or admin)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});

/** Spec §7 removeSiteForever (admin): the site and everything of it are gone. */
export const removeSiteForeverCall = defineCall<
  Answer<typeof siteVisibilityResponses, 'removeSiteForever'>
>()({
  operationId: 'removeSiteForever',
  method: 'post',
  path: '/admin/removeSiteForever',
  summary: 'Delete a site permanently (admin, site tab)',
  tag: 'admin',
  input: v.object({ site_idx: rowId }),
});

/** Spec §7 restoreAndHiddenSite (admin): a deleted site comes back, hidden when hidden is Y. */
export const restoreAndHiddenSiteCall = defineCall<
  Answer<typeof siteVisibilityResponses, 'restoreAndHiddenSite'>
>()({
  operationId: 'restoreAndHiddenSite',
  method: 'post',
  path: '/admin/restoreAndHiddenSite',
  summary: 'Restore a deleted site, visible or hidden (admin, site tab)',
  tag: 'admin',
  input: v.object({ site_idx: rowId, hidden: v.optional(yn, 'N') }),
});

/** A site in the admin site tabs, with when it entered the tab's state. */
export type AdminSiteItem = v.InferOutput<typeof adminSiteItem>;

const stateDate = v.pipe(
  v.string('must be a date'),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'must be YYYY-MM or YYYY-MM-DD'),
);

/**
 * Spec §7 findSiteByStatus (admin site tab): D deleted, H hidden, C completed, newest first,
 * 50 a page; `date` (YYYY-MM-DD or YYYY-MM, Seoul time) keeps the sites that entered the state then.
 */
export const findSiteByStatusCall = defineCall<Answer<typeof siteVisibilityResponses, 'findSiteByStatus'>>()({
  operationId: 'findSiteByStatus',
  method: 'post',
  path: '/admin/findSiteByStatus',
  summary: 'Deleted, hidden or completed sites by day or month (admin, site tab)',
  tag: 'admin',
  input: v.object({
    type: v.picklist(['D', 'H', 'C'], 'must be D, H or C'),
    page_num: pageNum,
    date: v.optional(stateDate),
  }),
});
