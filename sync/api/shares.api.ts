import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import { pageNum } from './page.ts';
import type { sharesResponses, siteShareItem } from './shares.responses.ts';

/**
 * Sharing a site with a customer (issue 32; rules in sync/shares/shares.ts, server/shares/).
 * Online only: the link is the server's to make, and it answers nothing offline anyway.
 */

/** A new link: its absolute URL, the instant it stops answering, and its id. */
export type SiteShareCreated = Answer<typeof sharesResponses, 'createSiteShare'>;

export const createSiteShareCall = defineCall<SiteShareCreated>()({
  operationId: 'createSiteShare',
  method: 'post',
  path: '/site/createSiteShare',
  summary: 'A link to a public page of the site for a customer, with the caller as its contact (30 days)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});

/** One of the caller's links to a site, with its views and state. */
export type SiteShareItem = v.InferOutput<typeof siteShareItem>;

export const getSiteShareListCall = defineCall<Answer<typeof sharesResponses, 'getSiteShareList'>>()({
  operationId: 'getSiteShareList',
  method: 'post',
  path: '/site/getSiteShareList',
  summary: 'The links the caller made to a site, newest first, with their views and state',
  tag: 'site',
  input: v.object({ site_idx: rowId, page_num: pageNum }),
});

export const revokeSiteShareCall = defineCall<Answer<typeof sharesResponses, 'revokeSiteShare'>>()({
  operationId: 'revokeSiteShare',
  method: 'post',
  path: '/site/revokeSiteShare',
  summary: 'Stops one of the caller’s links: its page answers 404 from now on',
  tag: 'site',
  input: v.object({ share_idx: rowId }),
});
