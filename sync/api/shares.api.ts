import * as v from 'valibot';
import type { ShareState } from '../shares/shares.ts';
import { defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import { type Page, pageNum } from './page.ts';

/**
 * Sharing a site with a customer (issue 32; rules in sync/shares/shares.ts, server/shares/).
 * Online only: the link is the server's to make, and it answers nothing offline anyway.
 */

export interface SiteShareCreated {
  /** The public page, absolute from PUBLIC_URL: what goes into KakaoTalk or a text message. */
  url: string;
  /** ISO-8601 UTC instant the link stops answering. */
  expires_at: string;
  share_idx: number;
}

export const createSiteShareCall = defineCall<SiteShareCreated>()({
  operationId: 'createSiteShare',
  method: 'post',
  path: '/site/createSiteShare',
  summary: 'A link to a public page of the site for a customer, with the caller as its contact (30 days)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});

/** One of the caller's links to a site. */
export interface SiteShareItem {
  f_idx: number;
  url: string;
  f_reg_time: string;
  f_expires_at: string;
  f_revoked_time: string | null;
  /** Opened by a person (link-preview robots and prefetches are not counted). */
  f_view_count: number;
  f_last_view_time: string | null;
  state: ShareState;
}

export const getSiteShareListCall = defineCall<Page<SiteShareItem>>()({
  operationId: 'getSiteShareList',
  method: 'post',
  path: '/site/getSiteShareList',
  summary: 'The links the caller made to a site, newest first, with their views and state',
  tag: 'site',
  input: v.object({ site_idx: rowId, page_num: pageNum }),
});

export const revokeSiteShareCall = defineCall<{ share_idx: number }>()({
  operationId: 'revokeSiteShare',
  method: 'post',
  path: '/site/revokeSiteShare',
  summary: 'Stops one of the caller’s links: its page answers 404 from now on',
  tag: 'site',
  input: v.object({ share_idx: rowId }),
});
