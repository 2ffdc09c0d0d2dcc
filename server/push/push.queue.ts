import { sql } from 'kysely';
import type { PushType } from '../../sync/push/push-target.ts';
import type { DbOrTx } from '../db/database.ts';
import { wakeJob } from '../jobs/wake.ts';

/** What a feature asks to push: the row a click opens (spec §4 types) and its text. */
export interface PushMessage {
  type: PushType;
  idx: number;
  title: string;
  body: string;
}

/** The push job's name (server/push/push.job.ts), woken when deliveries are queued. */
export const PUSH_DELIVERY_JOB = 'push_delivery';

/** Push text beyond these lengths is cut: notifications show a line or two. */
const TITLE_MAX = 100;
const BODY_MAX = 200;

/**
 * The one way a feature pushes: queues `message` for every subscribed device of `userIdxs`
 * whose member takes pushes (users.f_push 'Y') and is still signed in on it (a device signed
 * out, or left for another by a login elsewhere, hears nothing more), in the caller's transaction, so a rolled-back
 * post or notification pushes nothing. Nothing is sent here: the push job delivers the queue
 * (server/push/push.job.ts), applying quiet hours and retries; it is woken at once (it runs
 * after this transaction ends: the database has one connection). Answers the deliveries queued.
 */
export async function queuePush({
  db,
  userIdxs,
  message,
}: {
  db: DbOrTx;
  userIdxs: readonly number[];
  message: PushMessage;
}): Promise<number> {
  if (userIdxs.length === 0) return 0;
  const inserted = await db
    .insertInto('push_messages')
    .values({
      f_type: message.type,
      f_target_idx: message.idx,
      f_title: message.title.slice(0, TITLE_MAX),
      f_body: message.body.slice(0, BODY_MAX),
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  // Due '' sorts before every time: due at the job's next run, whatever its clock says.
  const queued = await sql`
    INSERT INTO push_deliveries (f_message_idx, f_subscription_idx, f_due_time)
    SELECT ${inserted.f_idx}, s.f_idx, '' FROM push_subscriptions s
    JOIN users u ON u.f_idx = s.f_user_idx
    WHERE s.f_user_idx IN (SELECT DISTINCT value FROM json_each(${JSON.stringify(userIdxs)}))
      AND u.f_push = 'Y' AND u.f_withdrawn_time IS NULL
      AND EXISTS (SELECT 1 FROM sessions x WHERE x.f_user_idx = s.f_user_idx AND x.ended_at IS NULL
        AND x.device_id = s.f_device_id)
  `.execute(db);
  const count = Number(queued.numAffectedRows ?? 0);
  if (count === 0) await db.deleteFrom('push_messages').where('f_idx', '=', inserted.f_idx).execute();
  else wakeJob(PUSH_DELIVERY_JOB);
  return count;
}
