import * as v from 'valibot';
import { addNotify, removeNotify, setRead, updateNotify } from '../notify/notify.mutators.ts';
import { AUTO_TIME, autoIntervals, NotifyRules, notifySearchColumns } from '../notify/rules.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import type { notifyItem, notifyResponses, notifyWritingCount } from './notify.responses.ts';
import { pageNum } from './page.ts';

/**
 * Notifications (spec §2 Notify, §3 Notification, §7 notify calls). addNotify, updateNotify,
 * removeNotify and setRead are also offline operations (sync/notify/notify.mutators.ts). A notification is written once by its
 * writer; each recipient holds a delivery of it (an automatic one a delivery per send), with its own
 * read state. Lists answer `NotifyItem`s: a delivery to the caller (`inbox_idx` set), or the caller's
 * own notification (`mine`, no `inbox_idx`).
 */

export interface NotifyWriter {
  f_idx: number;
  f_name: string;
  f_phone: string;
  f_affiliation: string;
}

export type NotifyItem = v.InferOutput<typeof notifyItem>;

/** What writing one did (spec §4: the cost confirmed before, the counts left after), and what an edit did. */
export type { NotifyEdit, NotifyWrite } from '../notify/notify.mutators.ts';

/**
 * Spec §7 today writing count {site_idx}: left and limit (without a site: the limit, all left), with
 * the made+ and push costs of the app settings the write popup confirms.
 */
export type NotifyWritingCount = v.InferOutput<typeof notifyWritingCount>;

const keyword = v.optional(
  v.pipe(v.string(), v.maxLength(NotifyRules.maxKeyword, `at most ${NotifyRules.maxKeyword} characters`)),
  '',
);
const column = v.optional(
  v.picklist(notifySearchColumns, `must be one of ${notifySearchColumns.join(', ')}`),
  'title',
);
const notifyIdx = v.object({ notify_idx: rowId });

/** Declared with its offline operation (sync/notify/notify.mutators.ts `online`). */
export const addNotifyCall = addNotify.online;

/** Edits and deletes are offline operations too (protocol 8), declared with them. */
export const updateNotifyCall = updateNotify.online;

export const updateAutoNotifyCall = defineCall<Answer<typeof notifyResponses, 'updateAutoNotify'>>()({
  operationId: 'updateAutoNotify',
  method: 'post',
  path: '/notify/updateAutoNotify',
  summary: 'Turn an automatic notification on or off and change its time and interval',
  tag: 'notify',
  input: v.object({
    notify_idx: rowId,
    auto_enable: yn,
    auto_interval: v.picklist(autoIntervals, 'must be E, 3 or 5'),
    auto_time: v.pipe(v.string(), v.maxLength(5), v.regex(AUTO_TIME, 'must be HH:mm')),
  }),
});

export const removeNotifyCall = removeNotify.online;

export const setReadCall = defineCall<Answer<typeof notifyResponses, 'setRead'>>()({
  operationId: 'setRead',
  method: 'post',
  path: '/notify/setRead',
  summary: setRead.summary,
  tag: 'notify',
  input: setRead.args,
});

export const getNotifyDetailCall = defineCall<Answer<typeof notifyResponses, 'getNotifyDetail'>>()({
  operationId: 'getNotifyDetail',
  method: 'post',
  path: '/notify/getNotifyDetail',
  summary: 'One notification the caller wrote or received; opening a received one reads it',
  tag: 'notify',
  input: notifyIdx,
});

export const todayNotifyWritingCountCall = defineCall<
  Answer<typeof notifyResponses, 'todayNotifyWritingCount'>
>()({
  operationId: 'todayNotifyWritingCount',
  method: 'post',
  path: '/notify/todayWritingCount',
  summary:
    'Notifications the member may still write for a site today, the limit, and the made+ and push costs',
  tag: 'notify',
  input: v.object({ site_idx: v.optional(rowId) }),
});

const listInput = v.object({ page_num: pageNum, column, keyword });

export const findNotifyListCall = defineCall<Answer<typeof notifyResponses, 'findNotifyList'>>()({
  operationId: 'findNotifyList',
  method: 'post',
  path: '/notify/findNotifyList',
  summary:
    'Received notifications (the send tab), made+ ones first, searched by column or by the writer’s phone',
  tag: 'notify',
  input: v.object({
    ...listInput.entries,
    phone: v.optional(v.pipe(v.string(), v.maxLength(20, 'at most 20 characters')), ''),
  }),
});

export const getMyNotifyListCall = defineCall<Answer<typeof notifyResponses, 'getMyNotifyList'>>()({
  operationId: 'getMyNotifyList',
  method: 'post',
  path: '/notify/getMyNotifyList',
  summary: 'The caller’s own notifications that are not automatic (the modify tab)',
  tag: 'notify',
  input: listInput,
});

export const getAutoNotifyListCall = defineCall<Answer<typeof notifyResponses, 'getAutoNotifyList'>>()({
  operationId: 'getAutoNotifyList',
  method: 'post',
  path: '/notify/getAutoNotifyList',
  summary: 'The caller’s automatic notifications (the auto tab)',
  tag: 'notify',
  input: listInput,
});

export const getTodayNotifyListCall = defineCall<Answer<typeof notifyResponses, 'getTodayNotifyList'>>()({
  operationId: 'getTodayNotifyList',
  method: 'post',
  path: '/notify/getTodayNotifyList',
  summary: 'Notifications received today (Seoul day)',
  tag: 'notify',
  input: listInput,
});

export const getSiteNotifyListCall = defineCall<Answer<typeof notifyResponses, 'getSiteNotifyList'>>()({
  operationId: 'getSiteNotifyList',
  method: 'post',
  path: '/notify/getSiteNotifyList',
  summary: 'One site’s notifications: received about it and written about it by the caller',
  tag: 'notify',
  input: v.object({ site_idx: rowId, ...listInput.entries }),
});
