import { sql } from 'kysely';
import type { PushType } from '../../sync/push/push-target.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { records, valueList } from '../db/json.ts';

export interface SubscriptionInput {
  userIdx: number;
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  now: Date;
}

/**
 * Keeps one subscription per member and device. The same endpoint again (the app subscribes on
 * every start) only refreshes its keys, so deliveries queued for it stay; a new endpoint for
 * the device, or this endpoint under another member (a shared phone), replaces the old row.
 */
export async function saveSubscription({ db, sub }: { db: DbOrTx; sub: SubscriptionInput }): Promise<void> {
  const same = await db
    .updateTable('push_subscriptions')
    .set({ f_p256dh: sub.p256dh, f_auth: sub.auth })
    .where('f_endpoint', '=', sub.endpoint)
    .where('f_user_idx', '=', sub.userIdx)
    .where('f_device_id', '=', sub.deviceId)
    .executeTakeFirst();
  if (Number(same.numUpdatedRows) > 0) return;
  await db
    .deleteFrom('push_subscriptions')
    .where((eb) =>
      eb.or([
        eb('f_endpoint', '=', sub.endpoint),
        eb.and([eb('f_user_idx', '=', sub.userIdx), eb('f_device_id', '=', sub.deviceId)]),
      ]),
    )
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      f_user_idx: sub.userIdx,
      f_device_id: sub.deviceId,
      f_endpoint: sub.endpoint,
      f_p256dh: sub.p256dh,
      f_auth: sub.auth,
      f_reg_time: sub.now.toISOString(),
    })
    .execute();
}

export async function removeSubscription({
  db,
  userIdx,
  deviceId,
}: {
  db: DbOrTx;
  userIdx: number;
  deviceId: string;
}): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('f_user_idx', '=', userIdx)
    .where('f_device_id', '=', deviceId)
    .execute();
}

/** A queued delivery with what sending it needs: the device, the message, the member's settings. */
export interface DueDelivery {
  f_idx: number;
  f_attempts: number;
  f_subscription_idx: number;
  f_endpoint: string;
  f_p256dh: string;
  f_auth: string;
  f_type: PushType;
  f_target_idx: number;
  f_title: string;
  f_body: string;
  f_push: 'Y' | 'N';
  f_push_sound: 'Y' | 'N';
  f_push_vibration: 'Y' | 'N';
  f_push_off_start_time: string | null;
  f_push_off_end_time: string | null;
}

/** The next `limit` deliveries due at `now`, oldest due first. */
export function dueDeliveries({
  db,
  now,
  limit,
}: {
  db: Db;
  now: Date;
  limit: number;
}): Promise<DueDelivery[]> {
  return db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.f_idx', 'd.f_subscription_idx')
    .innerJoin('push_messages as m', 'm.f_idx', 'd.f_message_idx')
    .innerJoin('users as u', 'u.f_idx', 's.f_user_idx')
    .select([
      'd.f_idx',
      'd.f_attempts',
      'd.f_subscription_idx',
      's.f_endpoint',
      's.f_p256dh',
      's.f_auth',
      'm.f_type',
      'm.f_target_idx',
      'm.f_title',
      'm.f_body',
      'u.f_push',
      'u.f_push_sound',
      'u.f_push_vibration',
      'u.f_push_off_start_time',
      'u.f_push_off_end_time',
    ])
    .where('d.f_state', '=', 'Q')
    .where('d.f_due_time', '<=', now.toISOString())
    .orderBy('d.f_due_time')
    .orderBy('d.f_idx')
    .limit(limit)
    .execute();
}

/** How one delivery ended this time. */
export type DeliveryResult =
  | { idx: number; kind: 'sent' | 'failed' | 'skipped'; status: number | null; attempts: number }
  | { idx: number; kind: 'later'; status: number | null; attempts: number; due: Date }
  /** The push service no longer knows the subscription: it goes, with what was queued for it. */
  | { idx: number; kind: 'gone'; subscriptionIdx: number; status?: number };

const stateOf = { sent: 'S', failed: 'F', skipped: 'X', later: 'Q' } as const;

/** A delivery's outcome as recordDeliveries passes it to SQL. */
const DELIVERY_OUTCOME = {
  idx: 'integer',
  state: 'text',
  due: 'text',
  attempts: 'integer',
  status: 'integer',
  done: 'text',
} as const;

/**
 * Writes a batch's outcomes in one transaction of two statements (a statement a row would hold
 * the one connection away from requests for the whole batch).
 */
export async function recordDeliveries({
  db,
  results,
  now,
}: {
  db: Db;
  results: readonly DeliveryResult[];
  now: Date;
}): Promise<void> {
  if (results.length === 0) return;
  const time = now.toISOString();
  const gone = results.flatMap((r) => (r.kind === 'gone' ? [r.subscriptionIdx] : []));
  const rows = results.flatMap((r) =>
    r.kind === 'gone'
      ? []
      : [
          {
            idx: r.idx,
            state: stateOf[r.kind],
            due: r.kind === 'later' ? r.due.toISOString() : null,
            attempts: r.attempts,
            status: r.status,
            done: r.kind === 'later' ? null : time,
          },
        ],
  );
  await db.transaction().execute(async (tx) => {
    if (gone.length > 0) {
      await sql`DELETE FROM push_subscriptions WHERE f_idx IN ${valueList({ db: tx, values: gone })}`.execute(
        tx,
      );
    }
    if (rows.length > 0) {
      await sql`UPDATE push_deliveries SET f_state = r.state, f_due_time = COALESCE(r.due, f_due_time),
          f_attempts = r.attempts, f_last_status = r.status, f_done_time = r.done
        FROM ${records({ db: tx, rows, columns: DELIVERY_OUTCOME })} AS r
        WHERE push_deliveries.f_idx = r.idx`.execute(tx);
    }
  });
}

/** Finished deliveries older than `before` go, then messages nothing refers to any more. */
export async function pruneDeliveries({ db, before }: { db: Db; before: Date }): Promise<number> {
  const removed = await db
    .deleteFrom('push_deliveries')
    .where('f_state', '<>', 'Q')
    .where('f_done_time', '<', before.toISOString())
    .executeTakeFirst();
  await sql`DELETE FROM push_messages WHERE f_reg_time < ${before.toISOString()}
    AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.f_message_idx = push_messages.f_idx)`.execute(db);
  return Number(removed.numDeletedRows);
}

export async function insertPushMessage({
  db,
  message,
}: {
  db: DbOrTx;
  message: { f_type: PushType; f_target_idx: number; f_title: string; f_body: string };
}): Promise<number> {
  const inserted = await db
    .insertInto('push_messages')
    .values(message)
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return inserted.f_idx;
}

/**
 * Queues a message for every subscribed device of these members whose member takes pushes
 * (users.f_push 'Y'), is not withdrawn and is still signed in on that device. Due '' sorts
 * before every time: due at the job's next run, whatever its clock says. Answers how many.
 */
export async function queueDeliveries({
  db,
  messageIdx,
  userIdxs,
}: {
  db: DbOrTx;
  messageIdx: number;
  userIdxs: readonly number[];
}): Promise<number> {
  const queued = await sql`
    INSERT INTO push_deliveries (f_message_idx, f_subscription_idx, f_due_time)
    SELECT ${messageIdx}, s.f_idx, '' FROM push_subscriptions s
    JOIN users u ON u.f_idx = s.f_user_idx
    WHERE s.f_user_idx IN ${valueList({ db, values: userIdxs })}
      AND u.f_push = 'Y' AND u.f_withdrawn_time IS NULL
      AND EXISTS (SELECT 1 FROM sessions x WHERE x.f_user_idx = s.f_user_idx AND x.ended_at IS NULL
        AND x.device_id = s.f_device_id)
  `.execute(db);
  return Number(queued.numAffectedRows ?? 0);
}

export async function deletePushMessage({
  db,
  messageIdx,
}: {
  db: DbOrTx;
  messageIdx: number;
}): Promise<void> {
  await db.deleteFrom('push_messages').where('f_idx', '=', messageIdx).execute();
}
