import * as v from 'valibot';
import { mapKeyword } from '../map/query.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import { type Page, pageNum } from './page.ts';
import type { siteListItem, siteListsResponses } from './site-lists.responses.ts';

/** A site in a member's lists (interest, my sale list, group sites). */
export type SiteListItem = v.InferOutput<typeof siteListItem>;

/** Pages of 50 (spec §9); a list ends with a page shorter than `limit`. */
export type SitePage = Page<SiteListItem>;

const searchKey = v.optional(mapKeyword, '');

/**
 * Spec §7 getMySiteList: the caller's registered sites (hidden and completed included),
 * newest first. only_near_expire_sales_count Y answers only the count of general sites at
 * 5 days or fewer before auto-hide.
 */
export const getMySiteListCall = defineCall<Answer<typeof siteListsResponses, 'getMySiteList'>>()({
  operationId: 'getMySiteList',
  method: 'post',
  path: '/site/getMySiteList',
  summary: 'The caller’s registered sites, 50 a page, with the number of general sites near auto-hide',
  tag: 'site',
  input: v.object({
    /** A all, O new open, G general. */
    site_type: v.optional(v.picklist(['A', 'O', 'G'], 'must be A, O or G'), 'A'),
    page_num: pageNum,
    search_key: searchKey,
    only_near_expire_sales_count: v.optional(yn, 'N'),
  }),
});

export const getRecentViewSiteListCall = defineCall<
  Answer<typeof siteListsResponses, 'getRecentViewSiteList'>
>()({
  operationId: 'getRecentViewSiteList',
  method: 'post',
  path: '/site/getRecentViewSiteList',
  summary: 'Sites the caller viewed, latest first, 50 a page',
  tag: 'site',
  input: v.object({ page_num: pageNum }),
});

export const getLikeSiteListCall = defineCall<Answer<typeof siteListsResponses, 'getLikeSiteList'>>()({
  operationId: 'getLikeSiteList',
  method: 'post',
  path: '/site/getLikeSiteList',
  summary: 'The caller’s favourite sites, latest first, 50 a page',
  tag: 'site',
  input: v.object({ page_num: pageNum }),
});

export interface GroupOfMember {
  f_idx: number;
  f_name: string;
}

/**
 * Spec §7 getSiteOfGroup: sites shared to a group of the caller (all of the caller's groups
 * when group_idx is left out), with the caller's groups for the tab's group picker.
 */
export const getSiteOfGroupCall = defineCall<Answer<typeof siteListsResponses, 'getSiteOfGroup'>>()({
  operationId: 'getSiteOfGroup',
  method: 'post',
  path: '/site/getSiteOfGroup',
  summary: 'Sites shared to a group the caller belongs to, 50 a page (-12 for a group of others)',
  tag: 'site',
  input: v.object({
    group_idx: v.optional(v.nullable(rowId), null),
    search_key: searchKey,
    is_only_new_open_site: v.optional(yn, 'N'),
    page_num: pageNum,
  }),
});
