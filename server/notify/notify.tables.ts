import type { Generated, Selectable } from 'kysely';

/**
 * Notifications (migrations/0019). The written notification is `notifications`
 * (server/sync/sync.tables.ts, the writer's row); these are its sends and its deliveries.
 */

/** One send of a notification: 'write' when written, or an automatic send's due instant. Once each. */
export interface NotifySendsTable {
  f_notify_idx: number;
  f_due: string;
  f_send_time: string;
  f_recipients: number;
}

/** One delivery to one recipient, with its read state. */
export interface NotifyInboxTable {
  f_idx: Generated<number>;
  f_notify_idx: number;
  f_user_idx: number;
  f_due: string;
  f_send_time: string;
  f_read: Generated<'Y' | 'N'>;
  f_read_time: string | null;
}

export interface NotifyTables {
  notify_sends: NotifySendsTable;
  notify_inbox: NotifyInboxTable;
}

export type NotifyInboxRow = Selectable<NotifyInboxTable>;
