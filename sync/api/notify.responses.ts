import * as v from 'valibot';
import { autoIntervals } from '../notify/rules.ts';
import { count, editConflict, int, maybe, page, str, time, yn } from './answer-fields.ts';

export const notifyItem = v.strictObject({
  f_idx: int,
  inbox_idx: maybe(int),
  f_title: str,
  f_content: str,
  f_site_idx: maybe(int),
  f_site_name: str,
  f_site_type: str,
  f_address: str,
  f_push: yn,
  f_made: yn,
  f_made1: yn,
  f_auto: yn,
  f_auto_enable: yn,
  f_auto_time: str,
  f_auto_interval: v.picklist(autoIntervals),
  f_read: yn,
  f_image_url: str,
  f_reg_time: time,
  f_send_time: time,
  /** The notification's edit count: an edit made offline names the one it was made on (protocol 8). */
  f_version: count,
  contacts_list: v.array(v.strictObject({ f_name: str, f_phone: str })),
  writer: v.strictObject({ f_idx: int, f_name: str, f_phone: str, f_affiliation: str }),
  mine: v.boolean(),
});

export const notifyWritingCount = v.strictObject({
  left: count,
  limit: count,
  made_point: int,
  push_point: int,
});

export const notifyResponses = {
  addNotify: v.strictObject({
    f_idx: int,
    recipients: count,
    spent: count,
    balance: int,
    made_count: count,
    push_count: count,
    left: count,
    limit: count,
  }),
  findNotifyList: page(notifyItem),
  getAutoNotifyList: page(notifyItem),
  getMyNotifyList: page(notifyItem),
  getNotifyDetail: notifyItem,
  getSiteNotifyList: page(notifyItem),
  getTodayNotifyList: page(notifyItem),
  removeNotify: v.strictObject({ removed: count }),
  setRead: v.strictObject({ read: count }),
  todayNotifyWritingCount: notifyWritingCount,
  updateAutoNotify: notifyItem,
  updateNotify: v.strictObject({ ...notifyItem.entries, conflict: editConflict }),
};
