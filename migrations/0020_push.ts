import { type Kysely, sql } from 'kysely';

// Frozen once landed. Web Push (spec §3 Push settings, §4 push types 3/6/7; design.md "Web Push"):
// each device's subscription, and the delivery queue the push job works through. A message is
// written once; each of its deliveries is one subscription's attempt, with its own due time
// (back-off, quiet hours) and outcome.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_device_id TEXT NOT NULL,
      f_endpoint TEXT NOT NULL UNIQUE,
      f_p256dh TEXT NOT NULL,
      f_auth TEXT NOT NULL,
      f_reg_time TEXT NOT NULL,
      UNIQUE (f_user_idx, f_device_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE push_messages (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type INTEGER NOT NULL CHECK (f_type IN (3, 6, 7)),
      f_target_idx INTEGER NOT NULL,
      f_title TEXT NOT NULL,
      f_body TEXT NOT NULL,
      f_reg_time TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )
  `.execute(db);
  // f_state: Q queued (due at f_due_time; '' is at once), S sent, F failed for good, X not sent (push turned off).
  await sql`
    CREATE TABLE push_deliveries (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_message_idx INTEGER NOT NULL REFERENCES push_messages(f_idx) ON DELETE CASCADE,
      f_subscription_idx INTEGER NOT NULL REFERENCES push_subscriptions(f_idx) ON DELETE CASCADE,
      f_state TEXT NOT NULL DEFAULT 'Q' CHECK (f_state IN ('Q', 'S', 'F', 'X')),
      f_due_time TEXT NOT NULL,
      f_attempts INTEGER NOT NULL DEFAULT 0,
      f_last_status INTEGER,
      f_done_time TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX push_deliveries_due ON push_deliveries (f_due_time) WHERE f_state = 'Q'`.execute(db);
  await sql`CREATE INDEX push_deliveries_subscription ON push_deliveries (f_subscription_idx)`.execute(db);
  await sql`CREATE INDEX push_deliveries_done ON push_deliveries (f_done_time) WHERE f_state <> 'Q'`.execute(
    db,
  );
}
