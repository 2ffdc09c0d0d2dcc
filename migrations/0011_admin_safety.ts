import { type Kysely, sql } from 'kysely';

// Frozen once landed. What keeps admin authority where it was given:
// - sessions.f_by_admin: the admin who opened this session as a member's view (adminLogin).
//   Such a session never carries admin authority. Until now the mark was the device id
//   'admin:<idx>'; those sessions keep working and get the column filled in.
// - admin_lock_failures: each wrong admin lock password, per admin, for the throttle (five in
//   ten minutes close the lock for ten minutes).
// - admin_audit: what an admin did that needs a trace beyond the login log (a member's view
//   opened, the lock closed by the throttle): who, to whom, what, when, from where.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN f_by_admin INTEGER REFERENCES users(f_idx) ON DELETE CASCADE`.execute(
    db,
  );
  await sql`UPDATE sessions SET f_by_admin = CAST(substr(device_id, 7) AS INTEGER)
    WHERE device_id LIKE 'admin:%' AND EXISTS (SELECT 1 FROM users u WHERE u.f_idx = CAST(substr(device_id, 7) AS INTEGER))`.execute(
    db,
  );
  await sql`
    CREATE TABLE admin_lock_failures (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_time TEXT NOT NULL,
      f_ip TEXT NOT NULL DEFAULT ''
    )
  `.execute(db);
  await sql`CREATE INDEX admin_lock_failures_user ON admin_lock_failures (f_user_idx, f_time)`.execute(db);
  await sql`
    CREATE TABLE admin_audit (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_action TEXT NOT NULL,
      f_target_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_detail TEXT NOT NULL DEFAULT '{}',
      f_ip TEXT NOT NULL DEFAULT '',
      f_time TEXT NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX admin_audit_time ON admin_audit (f_time)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS admin_audit`.execute(db);
  await sql`DROP TABLE IF EXISTS admin_lock_failures`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN f_by_admin`.execute(db);
}
