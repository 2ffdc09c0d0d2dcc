import type { PushType } from '../../sync/push/push-target.ts';
import type { DbOrTx } from '../db/database.ts';
import { wakeJobOnCommit } from '../jobs/wake.ts';
import { deletePushMessage, insertPushMessage, queueDeliveries } from './push.repository.ts';

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
 * (server/push/push.job.ts), applying quiet hours and retries; it is woken for them, on every
 * instance once this transaction commits (server/jobs/wake.ts). Answers the deliveries queued.
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
  const messageIdx = await insertPushMessage({
    db,
    message: {
      f_type: message.type,
      f_target_idx: message.idx,
      f_title: message.title.slice(0, TITLE_MAX),
      f_body: message.body.slice(0, BODY_MAX),
    },
  });
  const count = await queueDeliveries({ db, messageIdx, userIdxs });
  if (count === 0) await deletePushMessage({ db, messageIdx });
  else await wakeJobOnCommit({ db, name: PUSH_DELIVERY_JOB });
  return count;
}
