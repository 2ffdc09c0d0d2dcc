import { type Kysely, sql } from 'kysely';

// Frozen once landed. Notifications (spec §2 Notify, §3 Notification, §4, §9).
//
// The data model: a written notification is one row of `notifications` (migrations/0003), its
// writer in f_user_idx: it travels to the writer's devices as the feed entity 'notification'
// (their sent list). Each delivery is one row of `notify_sends` (the written send 'write', or an
// automatic send's due instant): its primary key makes a send happen once, whatever retries or
// restarts. Each recipient of a send gets one row of `notify_inbox` with its own read state and
// delivery time, travelling to the recipient's devices as the feed entity 'inbox' (protocol 7).
// A removed notification keeps its row (f_removed_time) so the per-site daily limit still counts it.

const clock = '(SELECT version FROM sync_clock)';
const bump = 'UPDATE sync_clock SET version = version + 1;';

function feedPut(user: string, key: string): string {
  return `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (${user}, 'inbox', ${key}, ${clock}, 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN f_removed_time TEXT`.execute(db);
  // Where an automatic notification's schedule counts its days from (written, or changed last).
  await sql`ALTER TABLE notifications ADD COLUMN f_auto_from TEXT`.execute(db);
  await sql`CREATE INDEX notifications_user_site ON notifications (f_user_idx, f_site_idx, f_reg_time)`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_auto ON notifications (f_auto_enable) WHERE f_auto = 'Y'`.execute(db);

  await sql`
    CREATE TABLE notify_sends (
      f_notify_idx INTEGER NOT NULL REFERENCES notifications(f_idx) ON DELETE CASCADE,
      f_due TEXT NOT NULL,
      f_send_time TEXT NOT NULL,
      f_recipients INTEGER NOT NULL,
      PRIMARY KEY (f_notify_idx, f_due)
    ) WITHOUT ROWID
  `.execute(db);

  await sql`
    CREATE TABLE notify_inbox (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_notify_idx INTEGER NOT NULL REFERENCES notifications(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_due TEXT NOT NULL,
      f_send_time TEXT NOT NULL,
      f_read TEXT NOT NULL DEFAULT 'N' CHECK (f_read IN ('Y', 'N')),
      f_read_time TEXT,
      UNIQUE (f_notify_idx, f_due, f_user_idx)
    )
  `.execute(db);
  await sql`CREATE INDEX notify_inbox_user ON notify_inbox (f_user_idx, f_send_time)`.execute(db);
  await sql`CREATE INDEX notify_inbox_unread ON notify_inbox (f_user_idx, f_read)`.execute(db);

  const trigger = (name: string, when: string, body: string) =>
    sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${bump} ${body} END`).execute(db);
  await trigger(
    'sync_notify_inbox_insert',
    'AFTER INSERT ON notify_inbox',
    feedPut('NEW.f_user_idx', 'NEW.f_idx'),
  );
  await trigger(
    'sync_notify_inbox_update',
    'AFTER UPDATE ON notify_inbox',
    feedPut('NEW.f_user_idx', 'NEW.f_idx'),
  );
  await trigger(
    'sync_notify_inbox_delete',
    'AFTER DELETE ON notify_inbox',
    `UPDATE sync_feed SET version = ${clock}, deleted = 1
      WHERE f_user_idx = OLD.f_user_idx AND entity = 'inbox' AND key = OLD.f_idx;`,
  );
  // An edited notification reaches every recipient again (the inbox row carries its content).
  await trigger(
    'sync_notifications_inbox_update',
    'AFTER UPDATE ON notifications',
    `UPDATE sync_feed SET version = ${clock}
      WHERE entity = 'inbox' AND deleted = 0 AND (f_user_idx, key) IN
        (SELECT f_user_idx, f_idx FROM notify_inbox WHERE f_notify_idx = NEW.f_idx);`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'sync_notify_inbox_insert',
    'sync_notify_inbox_update',
    'sync_notify_inbox_delete',
    'sync_notifications_inbox_update',
  ]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS notify_inbox`.execute(db);
  await sql`DROP TABLE IF EXISTS notify_sends`.execute(db);
  await sql`DROP INDEX IF EXISTS notifications_auto`.execute(db);
  await sql`DROP INDEX IF EXISTS notifications_user_site`.execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN f_auto_from`.execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN f_removed_time`.execute(db);
}
