import * as v from 'valibot';
import { int, maybe, page, str, time } from './answer-fields.ts';

export const transferMember = v.strictObject({ f_idx: int, f_name: str, f_affiliation: str, f_phone: str });

export const siteTransferItem = v.strictObject({
  f_idx: int,
  f_reg_time: time,
  f_from_name: str,
  f_from_phone: str,
  f_to_name: str,
  f_to_phone: str,
  f_from_group_name: maybe(str),
});

export const transferResponses = {
  findTransferMember: transferMember,
  getSiteTransfers: page(siteTransferItem),
  transferSite: v.strictObject({ site_idx: int, dest_member_idx: int }),
};
