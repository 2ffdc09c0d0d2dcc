import * as v from 'valibot';
import { defineCall } from '../api/contract.ts';
import { MAX_WHOLE_NUMBER, yn } from '../api/fields.ts';
import type { notifyResponses } from '../api/notify.responses.ts';
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

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

/** 0 means none chosen yet: the save rule (spec §5) words that, not the schema. */
const siteIdx = v.pipe(
  v.number('must be a number'),
  v.integer('must be an integer'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
);

export const notifyContact = v.object({
  f_name: bounded(NotifyRules.maxContactName),
  f_phone: bounded(NotifyRules.maxContactPhone),
});

/** What a notification holds as written (spec §7 add/update), shared by the add operation and the update call. */
export const notifyFields = {
  title: bounded(NotifyRules.maxTitle),
  content: bounded(NotifyRules.maxContent),
  site_idx: siteIdx,
  made: v.optional(yn, 'N'),
  push: v.optional(yn, 'N'),
  is_auto: v.optional(yn, 'N'),
  auto_enable: v.optional(yn, 'Y'),
  auto_time: v.optional(v.pipe(v.string(), v.maxLength(5), v.regex(AUTO_TIME, 'must be HH:mm')), '00:00'),
  auto_interval: v.optional(v.picklist(autoIntervals, 'must be E, 3 or 5'), 'E'),
  image_url: v.optional(
    v.pipe(v.array(imageRef), v.maxLength(NotifyRules.maxImages, `at most ${NotifyRules.maxImages} images`)),
    [],
  ),
  contacts: v.optional(
    v.pipe(
      v.array(notifyContact),
      v.maxLength(NotifyRules.maxContacts, `at most ${NotifyRules.maxContacts} contacts`),
    ),
    [],
  ),
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
