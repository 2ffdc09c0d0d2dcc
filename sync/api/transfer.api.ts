import * as v from 'valibot';
import { defineCall } from './contract.ts';
import { phoneNumber, rowId } from './fields.ts';
import { type Page, pageNum } from './page.ts';

/**
 * Spec §4/§5 Transfer: the owner hands a site to another member, found by phone. Online only
 * (design.md: transfers are plain RPC). The rules are server/sites/transfer.service.ts.
 */

/** The member a site would go to, as the transfer modal shows them before OK. */
export interface TransferMember {
  f_idx: number;
  f_name: string;
  f_affiliation: string;
  f_phone: string;
}

export const findTransferMemberCall = defineCall<TransferMember>()({
  operationId: 'findTransferMember',
  method: 'post',
  path: '/site/findTransferMember',
  summary: 'The approved member with this phone, who may receive a site (not the caller)',
  tag: 'site',
  input: v.object({ phone: phoneNumber }),
});

export const transferSiteCall = defineCall<{ site_idx: number; dest_member_idx: number }>()({
  operationId: 'transferSite',
  method: 'post',
  path: '/site/transferSite',
  summary: 'The owner hands a registered site (with its units) to another member',
  tag: 'site',
  input: v.object({ dest_member_idx: rowId, site_idx: rowId }),
});

/** One handover of a site, for admins (the site detail's transfer history). */
export interface SiteTransferItem {
  f_idx: number;
  f_reg_time: string;
  f_from_name: string;
  f_from_phone: string;
  f_to_name: string;
  f_to_phone: string;
  /** The group the site was shared to before (the transfer released it), if any. */
  f_from_group_name: string | null;
}

export const getSiteTransfersCall = defineCall<Page<SiteTransferItem>>()({
  operationId: 'getSiteTransfers',
  method: 'post',
  path: '/admin/getSiteTransfers',
  summary: 'A site’s transfers, latest first, 50 a page (admins)',
  tag: 'admin',
  input: v.object({ site_idx: rowId, page_num: pageNum }),
});
