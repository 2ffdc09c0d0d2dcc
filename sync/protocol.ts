import * as v from 'valibot';
import { contactSchema, dongRowSchema, type SiteRow, siteRowSchema } from './site-fields.ts';

/**
 * The sync protocol between the device and the server (design.md, "Sync protocol").
 *
 * Push: the device sends its queued mutations in order, each with the device's client id,
 * a per-client sequence number and a mutation id. The server applies each one in its own
 * transaction and records the client's last applied sequence in that same transaction, so
 * a repeated push applies nothing twice. A mutation refused for good still advances the
 * sequence and comes back with {code, msg}. Since protocol 4 the sequence has no gaps: only
 * `last_seq + 1` is applied, a used sequence is answered only from its recorded outcome with
 * the same mutation id, and the server stops at anything else (no result for it or after it),
 * so the device numbers what was not processed again from the answer's `last_seq + 1`.
 *
 * Pull: the device sends its cursor; the server answers with every change in the member's
 * scope after it (puts and deletions), a new cursor, and the client's last applied sequence
 * as of the same snapshot, so the device knows which of its mutations the data already holds.
 *
 * A change to anything that travels here (these schemas and the operations' arguments) is a
 * new protocol version: bump PROTOCOL_VERSION and add an entry to `protocolHistory`.
 * sync/protocol.test.ts fails otherwise.
 */
export const PROTOCOL_VERSION = 4;

export interface ProtocolVersionEntry {
  version: number;
  /** sha256 of the wire description (see protocol.wire.ts); the test recomputes it. */
  wireHash: string;
  changes: readonly string[];
}

export const protocolHistory: readonly ProtocolVersionEntry[] = [
  {
    version: 1,
    wireHash: '49037a74bcd2d2bf0f3174b90319379a544d67e6abf258573a608355b15823da',
    changes: [
      'push: client_id, mutations with seq, id, name, args, created_at; results applied, rejected or conflict',
      'pull: cursor v<version>[.entity.key] or s<snapshot>.entity.key, reset when the cursor is unknown; changes site, like, memo, recent, notification, conflict as put or del; units (a registered site’s buildings and units) as put',
      'operations: setLikeSite, addSiteMemo, setHideSite, setCompleteSite, saveSiteDraft, removeSiteDraft, resolveConflict',
    ],
  },
  {
    version: 2,
    wireHash: '2c88380febf9de907fd5fc21703db0ec967b7f4832ce6937a50df5624928d5be',
    changes: [
      'operations: saveSite, the final save of a registration (new site, temporary save made final, or edit of a registered site) with base_version, base and changes; buildings and units may carry their ids',
    ],
  },
  {
    version: 3,
    wireHash: '5b3c60d1bbd887667955e91499289ec863f2389fd1f8219e42f3d96b5f9e97f0',
    changes: [
      'pull: a page names the site row fields once (site_columns); a site put carries its values in that order (values) instead of a row object',
    ],
  },
  {
    version: 4,
    wireHash: '3752a94c90c70f4ac5cdfe38dfffc1ff3952e40a6114c4aa8b0d715ac11e214f',
    changes: [
      'push: a client’s sequence has no gaps. Only last_seq + 1 is applied; a seq <= last_seq is a duplicate only when the outcome recorded under it has the same mutation id (answered from that record); the server stops at anything else (a gap, a used seq holding another mutation or whose outcome is no longer kept): no result for it or for what follows, and last_seq says where it is. The device numbers its outbox apart from its local keys and renumbers what was not processed from last_seq + 1. Protocol 3 accepted gaps and answered a skipped seq sent later as an applied duplicate without applying it.',
    ],
  },
];

/** The most mutations one push may carry; the device sends longer queues in several pushes. */
export const MAX_PUSH_MUTATIONS = 500;
export const MAX_PULL_LIMIT = 2000;
export const DEFAULT_PULL_LIMIT = 1000;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const token = /* @__NO_SIDE_EFFECTS__ */ (label: string) =>
  v.pipe(v.string(`${label} required`), v.regex(/^[A-Za-z0-9_-]{8,64}$/, `${label} must be 8 to 64 letters`));

export const clientIdSchema = token('client id');
export const mutationIdSchema = token('mutation id');

/**
 * Where the device is in the feed; null before the first pull. `v<version>[.<entity>.<key>]`:
 * every change up to there is on the device. `s<version>.<entity>.<key>`: a first pull is
 * still listing the scope as of that version.
 */
export const cursorSchema = v.pipe(
  v.string(),
  v.regex(/^[sv]\d{1,15}(\.[a-z]{1,20}\.\d{1,15})?$/, 'malformed cursor'),
);

export const mutationEnvelopeSchema = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  id: mutationIdSchema,
  name: v.pipe(v.string(), v.maxLength(64)),
  /** Checked against the operation's own schema on the server, one mutation at a time. */
  args: v.unknown(),
  created_at: v.pipe(v.string(), v.maxLength(40)),
});
export type MutationEnvelope = v.InferOutput<typeof mutationEnvelopeSchema>;

/**
 * Any request from an older protocol matches this, whatever else it carries, so the server
 * can always answer "too old, reload" instead of a shape error.
 */
const olderClientSchema = v.looseObject({
  protocol_version: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PROTOCOL_VERSION - 1)),
});

const currentPushSchema = v.object({
  protocol_version: v.literal(PROTOCOL_VERSION),
  client_id: clientIdSchema,
  mutations: v.pipe(v.array(mutationEnvelopeSchema), v.maxLength(MAX_PUSH_MUTATIONS)),
});
export type PushRequest = v.InferOutput<typeof currentPushSchema>;
export const pushRequestSchema = v.variant('protocol_version', [currentPushSchema, olderClientSchema]);

const currentPullSchema = v.object({
  protocol_version: v.literal(PROTOCOL_VERSION),
  client_id: clientIdSchema,
  cursor: v.nullable(cursorSchema),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PULL_LIMIT))),
});
export type PullRequest = v.InferOutput<typeof currentPullSchema>;
export const pullRequestSchema = v.variant('protocol_version', [currentPullSchema, olderClientSchema]);

/** The request when it speaks this protocol version; null when it comes from an older one. */
export function currentRequest<T extends { protocol_version: typeof PROTOCOL_VERSION }>(
  request: T | { protocol_version: number },
): T | null {
  return request.protocol_version === PROTOCOL_VERSION ? (request as T) : null;
}

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

/** The reason in `data` when a push or pull comes from a protocol version the server no longer speaks. */
export const PROTOCOL_OUTDATED = 'protocol_outdated';

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

/** Turns each site put's values back into the site's row. */
export function decodePull({ site_columns, changes, ...page }: PullWire): PullResponse {
  return {
    ...page,
    changes: changes.map((change): Change => {
      if (!('values' in change)) return change;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < site_columns.length; i++) row[site_columns[i] as string] = change.values[i];
      return { t: 'site', op: 'put', key: change.key, row: row as SiteRow };
    }),
  };
}
