import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import { phoneNumber, rowId } from './fields.ts';
import { pageNum } from './page.ts';
import type { siteTransferItem, transferMember, transferResponses } from './transfer.responses.ts';

/**
 * Spec §4/§5 Transfer: the owner hands a site to another member, found by phone. Online only
 * (design.md: transfers are plain RPC). The rules are server/sites/transfer.service.ts.
 */

/** The member a site would go to, as the transfer modal shows them before OK. */
export type TransferMember = v.InferOutput<typeof transferMember>;

export const findTransferMemberCall = defineCall<Answer<typeof transferResponses, 'findTransferMember'>>()({
  operationId: 'findTransferMember',
  method: 'post',
  path: '/site/findTransferMember',
  summary: 'The approved member with this phone, who may receive a site (not the caller)',
  tag: 'site',
  input: v.object({ phone: phoneNumber }),
});

export const transferSiteCall = defineCall<Answer<typeof transferResponses, 'transferSite'>>()({
  operationId: 'transferSite',
  method: 'post',
  path: '/site/transferSite',
  summary: 'The owner hands a registered site (with its units) to another member',
  tag: 'site',
  input: v.object({ dest_member_idx: rowId, site_idx: rowId }),
});

/** One handover of a site, for admins (the site detail's transfer history). */
export type SiteTransferItem = v.InferOutput<typeof siteTransferItem>;

export const getSiteTransfersCall = defineCall<Answer<typeof transferResponses, 'getSiteTransfers'>>()({
  operationId: 'getSiteTransfers',
  method: 'post',
  path: '/admin/getSiteTransfers',
  summary: 'A site’s transfers, latest first, 50 a page (admins)',
  tag: 'admin',
  input: v.object({ site_idx: rowId, page_num: pageNum }),
});
