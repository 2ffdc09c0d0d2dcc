import * as v from 'valibot';
import { clientIdSchema, cursorSchema, mutationIdSchema } from './protocol-fields.ts';
import type { Change, PullResponse, PullWire } from './protocol-responses.ts';
import type { SiteRow } from './site-fields.ts';

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
export const PROTOCOL_VERSION = 8;

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
  {
    version: 5,
    wireHash: 'ee2aa1e4f80e3161e8495a3820413fc78fd1cf4be43d452893949b250fef3826',
    changes: [
      'operations: reportSite {site_idx, report_type SC|SS|SR|STC|PC, complete_status, memo, memo_images} and reportHo_app {site_idx, ho_idx, report_type HC|HW|US, complete_status, memo, memo_images}: site and unit reports queued offline; -11 when the member made the same report (site, unit, type) on the same Seoul day',
      'operations: upper bounds on existing arguments: every row id (site_idx, conflict_idx, a draft’s group, building and unit ids) and base_version at most 2^53 - 1; unit and area-type sizes (f_exclusive_size, f_real_size, f_exclusive_pyong, f_real_pyong) at most 1,000,000',
    ],
  },
  {
    version: 6,
    wireHash: '3f8b4707849862fa66f681b6b7f0e59c69042ad339e40f91d8610f8976e330c3',
    changes: [
      'operations: addCommunity {type N|S|W|R, title, content, phone, anony, made, push, agree, image_url (up to 5 image URLs)} and addComment {community_idx, comment, anony}: community posts and comments queued offline; the usage ticket, the daily limit, the notice category and made+ and push points are checked when they arrive',
    ],
  },
  {
    version: 7,
    wireHash: 'dd6f3749eaebeeca33e091db194c5a2c037ae00951294eb9de9b6ef43b24c3f7',
    changes: [
      'pull: changes inbox (put/del): a notification the member received, one row per delivery (f_idx, f_notify_idx, f_send_time, f_read, the notification as written and its writer); notification keeps carrying the notifications the member wrote',
      'operations: addNotify {title, content, site_idx, made, push, is_auto, auto_enable, auto_time HH:mm, auto_interval E|3|5, image_url (up to 5), contacts (up to 2 {f_name, f_phone})}: a notification queued offline; the ticket, the per-site daily limit, made+ and push counts or points and the recipients are decided when it arrives. setRead {notify_idx, 0 for all}: received notifications marked read offline',
    ],
  },
  {
    version: 8,
    wireHash: 'd0905d3601a839de4344e539f727eb67a6ea758a7b02425c9e13819edf87fa27',
    changes: [
      'operations: updateCommunity {community_idx, type, title, content, phone, anony, agree, image_url, base_version, base}, updateComment {community_idx, comment_idx, comment, anony, base_version, base} and updateNotify {notify_idx, the fields of addNotify, base_version, base}: edits queued offline, carrying the copy they were made on (base_version: its edit count f_version; base: its fields); fields the server changed meanwhile to something else come back as a conflict (result status conflict) and are kept until settled. removeCommunity {idx_list}, removeComment {community_idx, comment_idx}, removeNotify {idx_list}: deletes queued offline. resolveEditConflict {conflict_idx, choose}: settles one, fields kept as mine being a new edit of the copy the conflict showed',
      'pull: changes editconflict (put/del): an open edit conflict of the member (f_idx, kind post|comment|notification, target_idx, post_idx, subject, fields, mine, theirs, base_version, theirs_version, f_reg_time); notification rows carry f_version',
    ],
  },
];

export { clientIdSchema, cursorSchema, mutationIdSchema } from './protocol-fields.ts';

/** The most mutations one push may carry; the device sends longer queues in several pushes. */
export const MAX_PUSH_MUTATIONS = 500;
export const MAX_PULL_LIMIT = 2000;
export const DEFAULT_PULL_LIMIT = 1000;

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

/** The reason in `data` when a push or pull comes from a protocol version the server no longer speaks. */
export const PROTOCOL_OUTDATED = 'protocol_outdated';

// The answers' schemas (what the server sends) live in protocol-responses.ts: the device reads
// them as types only, so their schemas stay out of its first download.
export type {
  Change,
  ChangeEntity,
  ConflictRow,
  EditConflictRow,
  InboxRow,
  LikeRow,
  MemoRow,
  MutationResult,
  NotificationRow,
  PullResponse,
  PullWire,
  PushResponse,
  RecentRow,
  UnitsRow,
} from './protocol-responses.ts';

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
