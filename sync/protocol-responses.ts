import * as v from 'valibot';
import { cursorSchema } from './protocol-fields.ts';
import { contactSchema, dongRowSchema, siteRowSchema } from './site-fields.ts';

/**
 * What the server answers a push and a pull (sync/protocol.ts has the requests and the rules):
 * each mutation's outcome, and the pages of changes. Part of the wire description
 * (protocol.wire.ts) like the requests.
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const mutationResultSchema = v.object({
  seq: count,
  id: v.string(),
  /** applied: the effect is in; rejected: refused for good ({code, msg}); conflict: kept beside the server's copy. */
  status: v.picklist(['applied', 'rejected', 'conflict']),
  /** The mutation (same seq, same id) was processed by an earlier push; this is the outcome recorded then. */
  duplicate: v.boolean(),
  code: v.number(),
  msg: v.string(),
  data: v.unknown(),
});
export type MutationResult = v.InferOutput<typeof mutationResultSchema>;

export const pushResponseSchema = v.object({
  /** The client's last processed sequence; mutations sent without a result are to be sent again from here. */
  last_seq: count,
  results: v.array(mutationResultSchema),
});
export type PushResponse = v.InferOutput<typeof pushResponseSchema>;

export const likeRowSchema = v.object({ f_site_idx: v.number(), f_reg_time: v.string() });
export const memoRowSchema = v.object({
  f_site_idx: v.number(),
  f_memo: v.string(),
  f_memo_images: v.array(v.string()),
  f_update_time: v.string(),
});
export const recentRowSchema = v.object({ f_site_idx: v.number(), f_view_time: v.string() });
const yn = v.picklist(['Y', 'N']);
/** Spec §3 Notification. */
export const notificationRowSchema = v.object({
  f_idx: v.number(),
  f_user_idx: v.number(),
  f_title: v.string(),
  f_content: v.string(),
  f_site_idx: v.nullable(v.number()),
  f_site_name: v.string(),
  f_site_type: v.string(),
  f_address: v.string(),
  f_longitude: v.nullable(v.number()),
  f_latitude: v.nullable(v.number()),
  f_push: yn,
  f_made: yn,
  f_made1: yn,
  f_auto: yn,
  f_auto_enable: yn,
  f_auto_time: v.string(),
  f_auto_interval: v.picklist(['E', '3', '5']),
  f_read: yn,
  /** Comma list of image URLs (spec §3). */
  f_image_url: v.string(),
  f_reg_time: v.string(),
  f_update_time: v.string(),
  /** Its edit count (protocol 8): an edit made on this copy names it. */
  f_version: v.number(),
  contacts_list: v.array(contactSchema),
});
/**
 * A notification the member received (protocol 7): one delivery to them, with its read state
 * and the notification as written, its writer named. An automatic notification arrives again
 * at each of its sends, each a row of its own.
 */
export const inboxRowSchema = v.object({
  f_idx: v.number(),
  f_notify_idx: v.number(),
  f_send_time: v.string(),
  f_read: yn,
  f_title: v.string(),
  f_content: v.string(),
  f_site_idx: v.nullable(v.number()),
  f_site_name: v.string(),
  f_site_type: v.string(),
  f_address: v.string(),
  f_push: yn,
  f_made: yn,
  f_auto: yn,
  f_image_url: v.string(),
  f_reg_time: v.string(),
  f_writer_idx: v.number(),
  f_writer_name: v.string(),
  f_writer_phone: v.string(),
  f_writer_affiliation: v.string(),
  contacts_list: v.array(contactSchema),
});
/** A draft save that met a newer server copy: both kept, the member chooses. */
export const conflictRowSchema = v.object({
  f_idx: v.number(),
  f_site_idx: v.number(),
  draft_id: v.string(),
  /** The fields changed on both sides to different values. */
  fields: v.array(v.string()),
  mine: v.record(v.string(), v.unknown()),
  theirs: v.record(v.string(), v.unknown()),
  base_version: v.nullable(v.number()),
  theirs_version: v.number(),
  f_reg_time: v.string(),
});

/**
 * An edit of a post, comment or notification that met a copy changed on the server since the
 * one it was made on (protocol 8): both kept until the member chooses on /sync.
 */
export const editConflictRowSchema = v.object({
  f_idx: v.number(),
  kind: v.picklist(['post', 'comment', 'notification']),
  /** The post, comment or notification edited. */
  target_idx: v.number(),
  /** A comment's post; null otherwise. */
  post_idx: v.nullable(v.number()),
  /** What names it for the member: the post's or notification's title (a comment's post title). */
  subject: v.string(),
  /** The fields changed on both sides to different values. */
  fields: v.array(v.string()),
  mine: v.record(v.string(), v.unknown()),
  theirs: v.record(v.string(), v.unknown()),
  base_version: v.nullable(v.number()),
  theirs_version: v.number(),
  f_reg_time: v.string(),
});

/** A registered site's buildings with their units: they follow the site rows, replacing the site's. */
export const unitsRowSchema = v.object({ dongs: v.array(dongRowSchema) });

const del = /* @__NO_SIDE_EFFECTS__ */ <T extends string>(t: T) =>
  v.object({ t: v.literal(t), op: v.literal('del'), key: v.number() });
const put = /* @__NO_SIDE_EFFECTS__ */ <T extends string, S extends v.GenericSchema>(t: T, row: S) =>
  v.object({ t: v.literal(t), op: v.literal('put'), key: v.number(), row });

/** Every change but a site put, the same on the wire and on the device. */
const otherChanges = [
  del('site'),
  put('units', unitsRowSchema),
  put('like', likeRowSchema),
  del('like'),
  put('memo', memoRowSchema),
  del('memo'),
  put('recent', recentRowSchema),
  del('recent'),
  put('notification', notificationRowSchema),
  del('notification'),
  put('conflict', conflictRowSchema),
  del('conflict'),
  put('inbox', inboxRowSchema),
  del('inbox'),
  put('editconflict', editConflictRowSchema),
  del('editconflict'),
] as const;

/**
 * A union of one change and the others. A spread in a top-level call would keep every schema
 * in the client's entry chunk (the bundler cannot tell it is free of effects); this cannot.
 */
const withOthers = /* @__NO_SIDE_EFFECTS__ */ <S extends v.GenericSchema>(first: S) =>
  v.union([first, ...otherChanges]);

/** A change as the device applies it: a site put carries the site's row. */
export const changeSchema = withOthers(put('site', siteRowSchema));
export type Change = v.InferOutput<typeof changeSchema>;
export type ChangeEntity = Change['t'];
export type LikeRow = v.InferOutput<typeof likeRowSchema>;
export type MemoRow = v.InferOutput<typeof memoRowSchema>;
export type RecentRow = v.InferOutput<typeof recentRowSchema>;
export type NotificationRow = v.InferOutput<typeof notificationRowSchema>;
export type ConflictRow = v.InferOutput<typeof conflictRowSchema>;
export type InboxRow = v.InferOutput<typeof inboxRowSchema>;
export type EditConflictRow = v.InferOutput<typeof editConflictRowSchema>;
export type UnitsRow = v.InferOutput<typeof unitsRowSchema>;

/**
 * A site put on the wire: the site's values in the order of the page's `site_columns`. A first
 * pull carries thousands of sites of ~90 fields; naming the fields once a page instead of once
 * a site makes the page a third of the size (docs/sync.md).
 */
const siteValuesSchema = v.object({
  t: v.literal('site'),
  op: v.literal('put'),
  key: v.number(),
  values: v.array(v.unknown()),
});

export const pullResponseSchema = v.object({
  cursor: v.nullable(cursorSchema),
  /** More changes wait after this page: pull again with the new cursor. */
  more: v.boolean(),
  /** The cursor was from data the server no longer has (a restore): drop the pulled data and start over. */
  reset: v.boolean(),
  /** The client's last sequence the server had applied when this page was read. */
  last_seq: count,
  /** The fields of a site row, in the order of every site put's `values`; empty on a page without one. */
  site_columns: v.array(v.string()),
  changes: v.array(withOthers(siteValuesSchema)),
});
/** A pull page as it travels. */
export type PullWire = v.InferOutput<typeof pullResponseSchema>;
/** A pull page as the device applies it: site puts decoded into rows. */
export type PullResponse = Omit<PullWire, 'site_columns' | 'changes'> & { changes: Change[] };
