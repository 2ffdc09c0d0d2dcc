import { type Kysely, sql } from 'kysely';

// Frozen once landed. The point ledger, the usage (period) log, card payments and the
// idempotency keys of purchases.

export async function up(db: Kysely<any>): Promise<void> {
  // Every change of users.f_point is one row here, written in the same transaction as the
  // balance: f_point is the amount (always positive), f_type its direction (C charge and
  // A provided add, O deduct and U used subtract), f_point_final the balance after it.
  await sql`
    CREATE TABLE point_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      f_type TEXT NOT NULL CHECK (f_type IN ('C', 'O', 'A', 'U')),
      f_point INTEGER NOT NULL CHECK (f_point > 0),
      f_point_final INTEGER NOT NULL CHECK (f_point_final >= 0),
      f_reason TEXT NOT NULL,
      f_memo TEXT NOT NULL DEFAULT '',
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_ref TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX point_logs_user ON point_logs (f_user_idx, f_idx)`.execute(db);

  // Balances that existed before the ledger get one opening row, so a balance always equals its log.
  await sql`
    INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason)
    SELECT f_idx, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'A', f_point, f_point, 'opening'
    FROM users WHERE f_point > 0
  `.execute(db);

  // Changes of the usage date and the made/push counts: purchases and admin grants.
  await sql`
    CREATE TABLE usage_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      f_days INTEGER NOT NULL DEFAULT 0,
      f_made INTEGER NOT NULL DEFAULT 0,
      f_push INTEGER NOT NULL DEFAULT 0,
      f_usage_date_final TEXT,
      f_made_final INTEGER NOT NULL,
      f_push_final INTEGER NOT NULL,
      f_reason TEXT NOT NULL,
      f_memo TEXT NOT NULL DEFAULT '',
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx)
    )
  `.execute(db);
  await sql`CREATE INDEX usage_logs_user ON usage_logs (f_user_idx, f_idx)`.execute(db);

  // One row per card payment attempt; merchant_uid is what the provider's widget carries.
  // A provider payment (imp_uid) can credit at most one row.
  await sql`
    CREATE TABLE payments (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_merchant_uid TEXT NOT NULL UNIQUE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_provider TEXT NOT NULL,
      f_amount INTEGER NOT NULL CHECK (f_amount > 0),
      f_point INTEGER NOT NULL CHECK (f_point > 0),
      f_status TEXT NOT NULL DEFAULT 'ready' CHECK (f_status IN ('ready', 'paid', 'failed')),
      f_imp_uid TEXT UNIQUE,
      f_fail_reason TEXT,
      f_reg_time TEXT NOT NULL,
      f_paid_time TEXT,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx)
    )
  `.execute(db);
  await sql`CREATE INDEX payments_user ON payments (f_user_idx, f_reg_time)`.execute(db);

  // The answer given to a purchase request, by the caller's idempotency key: a repeated
  // request gets the same answer and changes nothing.
  await sql`
    CREATE TABLE purchase_requests (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_key TEXT NOT NULL,
      f_operation TEXT NOT NULL,
      f_fingerprint TEXT NOT NULL,
      f_result TEXT NOT NULL,
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_key)
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['purchase_requests', 'payments', 'usage_logs', 'point_logs']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
