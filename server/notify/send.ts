import type { DbOrTx } from '../db/database.ts';
import { queuePush } from '../push/push.queue.ts';
import { claimSend, notificationToSend, recordSendCount } from './notify.repository.ts';
import { deliver, districtOfSite } from './recipients.ts';

/** What a send did: who received it and whether it was pushed to them (type 3). */
export interface NotifySent {
  notifyIdx: number;
  recipients: number[];
  push: boolean;
  title: string;
  body: string;
}

/** The written send's key in notify_sends; an automatic send's key is its due instant. */
export const WRITTEN_SEND = 'write';

/**
 * Sends a notification once for `due` (its written send, or one automatic due time): the row of
 * notify_sends is the record that it happened, so a retry, a second server tick or a restart
 * answers null and delivers nothing again. With push on, the recipients' devices are queued for
 * Web Push (type 3, opening `/notify?open=<notifyIdx>`). Runs in the caller's transaction.
 */
export async function sendNotification({
  db,
  notifyIdx,
  due,
  now,
}: {
  db: DbOrTx;
  notifyIdx: number;
  due: string;
  now: Date;
}): Promise<NotifySent | null> {
  if (!(await claimSend({ db, notifyIdx, due, time: now.toISOString() }))) return null;
  const note = await notificationToSend({ db, notifyIdx });
  if (!note) return null;
  const areaIdx =
    note.f_address1 === null
      ? null
      : await districtOfSite({ db, site: { f_bjd_code: note.f_bjd_code, f_address1: note.f_address1 } });
  const recipients = await deliver({ db, notifyIdx, writerIdx: note.f_user_idx, areaIdx, due, now });
  await recordSendCount({ db, notifyIdx, due, recipients: recipients.length });
  const sent = {
    notifyIdx,
    recipients,
    push: note.f_push === 'Y',
    title: note.f_title,
    body: note.f_content.slice(0, 200),
  };
  // Written and automatic sends alike, in the send's transaction: a rolled-back or repeated send
  // queues nothing, and delivery (quiet hours, retries) is the push job's (server/push).
  if (sent.push) {
    await queuePush({
      db,
      userIdxs: recipients,
      message: { type: 3, idx: notifyIdx, title: sent.title, body: sent.body },
    });
  }
  return sent;
}
