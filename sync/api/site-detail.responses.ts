import * as v from 'valibot';
import { contactSchema, dongRowSchema, roomSchema, siteRowSchema } from '../site-fields.ts';
import { int, maybe, str, yn } from './answer-fields.ts';

/** The site's columns as the pull carries them (sync/site-fields.ts), with the caller's like and management. */
export const siteDetailCommon = v.object({
  ...v.omit(siteRowSchema, ['contacts', 'rooms', 'dongs', 'version', 'f_client_id']).entries,
  f_like: yn,
  f_can_manage: yn,
  f_group_name: maybe(str),
});

export const siteDetailDong = v.pick(v.object(dongRowSchema.entries), [
  'f_idx',
  'f_dong',
  'f_floor_count',
  'f_units_per_floor',
  'f_order',
]);

const hoRow = dongRowSchema.entries.hos.item;
export const siteDetailHo = v.object({ ...hoRow.entries, f_dong_idx: int });

export const sitePermissions = v.strictObject({
  modify: v.boolean(),
  complete: v.boolean(),
  report: v.boolean(),
  manage: v.boolean(),
  admin: v.boolean(),
});

export const siteDetail = v.strictObject({
  common: siteDetailCommon,
  memo: str,
  memo_images: v.array(str),
  contact_list: v.array(contactSchema),
  dong_list: v.array(siteDetailDong),
  ho_list: v.array(siteDetailHo),
  room_list: v.array(roomSchema),
  recent_notify_info: maybe(v.strictObject({ f_idx: int, f_recent_noti_ago_date: int })),
  isGroupMember: v.boolean(),
  isHidden: v.boolean(),
  isDeleted: v.boolean(),
  permissions: sitePermissions,
});

export const siteDetailResponses = {
  getSiteDetail: siteDetail,
  setCompleteHouse: v.strictObject({ site_idx: int, completed: int, total: int }),
};
