import * as v from 'valibot';
import { defineCall } from '../api/contract.ts';
import { id, MAX_WHOLE_NUMBER, rowId, yn } from '../api/fields.ts';
import type { notifyResponses } from '../api/notify.responses.ts';
import { baseVersion, storedNotifyFields } from '../edits/edit-fields.ts';
import { defineMutator } from '../mutator.ts';
import { imageRef } from '../site-fields.ts';
import { AUTO_TIME, autoIntervals, NotifyRules } from './rules.ts';

/**
 * Notifications as offline operations (protocol 7). A member without signal writes one: the outbox
 * keeps it and the next sync sends it. Everything is decided then, on the server
 * (server/notify/notify.mutators.ts): the ticket, the per-site daily limit, made+ and push counts
 * or points, who is told. A refusal comes back as a rejection keeping the arguments, so the text is
 * there to send again. Opening a received notification marks it read at once on the device.
 * Online the write popup sends a new one through the spec §7 call addNotify declares (`online`).
 */

/** What writing a notification answers: sync/api/notify.responses.ts. */
export type NotifyWrite = v.InferOutput<(typeof notifyResponses)['addNotify']>;
/** What an edit answers: the notification as it now stands, and the conflict it left, if any. */
export type NotifyEdit = v.InferOutput<(typeof notifyResponses)['updateNotify']>;

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

/** 0 means none chosen yet: the save rule (spec §5) words that, not the schema. */
const siteIdx = v.pipe(
  v.number('must be a number'),
  v.integer('must be an integer'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
);

const autoTime = v.pipe(v.string(), v.maxLength(5), v.regex(AUTO_TIME, 'must be HH:mm'));
const autoInterval = v.picklist(autoIntervals, 'must be E, 3 or 5');
const images = v.pipe(
  v.array(imageRef),
  v.maxLength(NotifyRules.maxImages, `at most ${NotifyRules.maxImages} images`),
);

export const notifyContact = v.object({
  f_name: bounded(NotifyRules.maxContactName),
  f_phone: bounded(NotifyRules.maxContactPhone),
});

const contactList = v.pipe(
  v.array(notifyContact),
  v.maxLength(NotifyRules.maxContacts, `at most ${NotifyRules.maxContacts} contacts`),
);

/** What a notification holds as written (spec §7 add/update), shared by the add and edit operations. */
export const notifyFields = {
  title: bounded(NotifyRules.maxTitle),
  content: bounded(NotifyRules.maxContent),
  site_idx: siteIdx,
  made: v.optional(yn, 'N'),
  push: v.optional(yn, 'N'),
  is_auto: v.optional(yn, 'N'),
  auto_enable: v.optional(yn, 'Y'),
  auto_time: v.optional(autoTime, '00:00'),
  auto_interval: v.optional(autoInterval, 'E'),
  image_url: v.optional(images, []),
  contacts: v.optional(contactList, []),
};

const writeSummary =
  'Write a notification about a site to the agents interested in its district; made+ pins it and push sends it, each for a count or points; automatic ones repeat at their time';

const writeArgs = v.object(notifyFields);

export const addNotify = defineMutator({
  name: 'addNotify',
  summary: writeSummary,
  args: writeArgs,
  online: defineCall<NotifyWrite>()({
    operationId: 'addNotify',
    method: 'post',
    path: '/notify/addNotify',
    summary: writeSummary,
    tag: 'notify',
    input: writeArgs,
  }),
  touches: () => [],
  applyLocal: async () => {},
});

export const setRead = defineMutator({
  name: 'setRead',
  summary: 'Mark a received notification read (notify_idx 0: all of them)',
  args: v.object({
    notify_idx: v.pipe(
      v.number('must be a number'),
      v.integer('must be an integer'),
      v.minValue(0, 'must not be negative'),
      v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
    ),
  }),
  touches: () => [],
  applyLocal: async ({ db, args }) => {
    const rows =
      args.notify_idx > 0
        ? db.inbox.where('f_notify_idx').equals(args.notify_idx)
        : db.inbox.where('f_read').equals('N');
    await rows.modify({ f_read: 'Y' });
  },
});

/**
 * Edits and deletes (protocol 8), online or queued: the writer's own only, checked when they
 * arrive. An edit carries the copy it was made on (sync/edits/edit-fields.ts): fields changed on the
 * server meanwhile (another device of the member) become a conflict settled on /sync. Made+ and
 * push follow the online rule (spec §4: locked once a manual one went out with them, else paid when
 * turned on). The device shows the change at once on its own copy; a delete takes the notification
 * off the device's lists, the writer's own and a received one alike.
 */

const editSummary =
  'Edit one’s own notification; made+ and push stay as written once paid, and an edit is not sent again. With the copy it was made on, fields changed meanwhile on the server become a conflict';

const editArgs = v.object({
  notify_idx: id,
  ...notifyFields,
  base_version: baseVersion,
  /** The notification's fields as the device showed them when the edit began. */
  base: v.optional(
    v.nullable(
      v.object({
        title: v.optional(bounded(NotifyRules.maxTitle)),
        content: v.optional(bounded(NotifyRules.maxContent)),
        site_idx: v.optional(siteIdx),
        made: v.optional(yn),
        push: v.optional(yn),
        auto_enable: v.optional(yn),
        auto_time: v.optional(autoTime),
        auto_interval: v.optional(autoInterval),
        image_url: v.optional(images),
        contacts: v.optional(contactList),
      }),
    ),
    null,
  ),
});

export const updateNotify = defineMutator({
  name: 'updateNotify',
  summary: editSummary,
  args: editArgs,
  online: defineCall<NotifyEdit>()({
    operationId: 'updateNotify',
    method: 'post',
    path: '/notify/updateNotify',
    summary: editSummary,
    tag: 'notify',
    input: v.object({ ...editArgs.entries, notify_idx: rowId }),
  }),
  touches: (a) => [{ table: 'notifications', key: a.notify_idx }],
  applyLocal: async ({ db, args, now }) => {
    const row = await db.notifications.get(args.notify_idx);
    if (!row) return;
    const edit = storedNotifyFields(args);
    const site = edit.site_idx === row.f_site_idx ? null : await db.sites.get(edit.site_idx);
    await db.notifications.put({
      ...row,
      f_title: edit.title,
      f_content: edit.content,
      f_image_url: edit.image_url.join(','),
      contacts_list: edit.contacts,
      ...(site
        ? {
            f_site_idx: site.f_idx,
            f_site_name: site.f_name,
            f_address: [site.f_address1, site.f_address2]
              .filter((s) => typeof s === 'string' && s.trim() !== '')
              .join(' '),
          }
        : {}),
      // Automatic ones keep being automatic; their schedule is the member's to change.
      ...(row.f_auto === 'Y'
        ? {
            f_auto_enable: edit.auto_enable,
            f_auto_time: edit.auto_time,
            f_auto_interval: edit.auto_interval,
          }
        : {}),
      f_update_time: now,
    });
  },
});

const removeSummary =
  'Delete notifications: one’s own are withdrawn from everyone; received ones leave the caller’s list only';
const notifyList = /* @__NO_SIDE_EFFECTS__ */ <S extends typeof id | typeof rowId>(item: S) =>
  v.pipe(
    v.array(item),
    v.minLength(1, 'choose at least one'),
    v.maxLength(NotifyRules.maxBulk, `at most ${NotifyRules.maxBulk}`),
  );

export const removeNotify = defineMutator({
  name: 'removeNotify',
  summary: removeSummary,
  args: v.object({ idx_list: notifyList(id) }),
  online: defineCall<v.InferOutput<(typeof notifyResponses)['removeNotify']>>()({
    operationId: 'removeNotify',
    method: 'post',
    path: '/notify/removeNotify',
    summary: removeSummary,
    tag: 'notify',
    input: v.object({ idx_list: notifyList(rowId) }),
  }),
  touches: (a) => a.idx_list.map((key) => ({ table: 'notifications', key })),
  applyLocal: async ({ db, args }) => {
    for (const notifyIdx of args.idx_list) {
      await db.notifications.delete(notifyIdx);
      await db.inbox.where('f_notify_idx').equals(notifyIdx).delete();
    }
  },
});
