import type { Generated } from 'kysely';
import type { PushType } from '../../sync/push/push-target.ts';

/** One device's Web Push subscription (migrations/0020_push.ts): one per member and device. */
export interface PushSubscriptionsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_device_id: string;
  /** The browser's push service URL; unique: a device signed in by another member moves it. */
  f_endpoint: string;
  /** The device's P-256 public key and auth secret, base64url (RFC 8291). */
  f_p256dh: string;
  f_auth: string;
  f_reg_time: string;
}

/** What one push says, written once whoever it goes to. */
export interface PushMessagesTable {
  f_idx: Generated<number>;
  f_type: PushType;
  /** The notification (3) or community post (6, 7) a click opens. */
  f_target_idx: number;
  f_title: string;
  f_body: string;
  /** Written by the database when queued (queuePush takes no clock: the caller's transaction is enough). */
  f_reg_time: Generated<string>;
}

/** Q queued, S sent, F failed for good, X not sent (the member turned push off). */
export type DeliveryState = 'Q' | 'S' | 'F' | 'X';

/** One subscription's delivery of one message: the queue the push job works through. */
export interface PushDeliveriesTable {
  f_idx: Generated<number>;
  f_message_idx: number;
  f_subscription_idx: number;
  f_state: Generated<DeliveryState>;
  /** When it may be sent: '' at once, or after a back-off, or at the end of the member's quiet hours. */
  f_due_time: string;
  f_attempts: Generated<number>;
  /** The push service's last HTTP status (0: no answer). */
  f_last_status: number | null;
  f_done_time: string | null;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_messages: PushMessagesTable;
  push_deliveries: PushDeliveriesTable;
}
