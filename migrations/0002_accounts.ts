import { type Kysely, sql } from 'kysely';

// Frozen once landed. Phone codes, pre-registered phones, the certification quiz, login log,
// withdrawal.

export async function up(db: Kysely<any>): Promise<void> {
  // Only a hash of each code is kept; attempts count wrong tries against that code.
  await sql`
    CREATE TABLE phone_codes (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_phone TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      purpose TEXT NOT NULL CHECK (purpose IN ('login', 'signup')),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      verified_at TEXT,
      consumed_at TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX phone_codes_phone ON phone_codes (f_phone, created_at)`.execute(db);

  await sql`
    CREATE TABLE preregistered_phones (
      f_phone TEXT PRIMARY KEY,
      f_added_by INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_reg_time TEXT NOT NULL
    )
  `.execute(db);

  await sql`
    CREATE TABLE cert_questions (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_question TEXT NOT NULL,
      f_answer_list TEXT NOT NULL,
      f_correct INTEGER NOT NULL,
      f_order INTEGER NOT NULL DEFAULT 0
    )
  `.execute(db);
  const questions: Array<[string, string[], number]> = [
    [
      '분양권 전매 제한 기간 중 전매 알선은 가능한가요?',
      ['가능하다', '불가능하다', '계약금만 받으면 가능하다'],
      1,
    ],
    ['중개보수(수수료)의 상한은 누가 정하나요?', ['중개사 자율', '시·도 조례', '매수인과 협의'], 1],
    [
      '매물 광고 시 반드시 표시해야 하는 것은?',
      ['중개사무소 명칭과 등록번호', '중개사의 나이', '매도인의 연락처'],
      0,
    ],
    [
      '허위·과장 매물을 등록하면 어떻게 되나요?',
      ['문제없다', '포인트가 지급된다', '신고되어 이용이 제한될 수 있다'],
      2,
    ],
    ['1평은 약 몇 ㎡인가요?', ['3.3㎡', '10㎡', '1㎡'], 0],
  ];
  for (const [i, [question, answers, correct]] of questions.entries()) {
    await sql`INSERT INTO cert_questions (f_question, f_answer_list, f_correct, f_order)
      VALUES (${question}, ${JSON.stringify(answers)}, ${correct}, ${i})`.execute(db);
  }

  // The answers an applicant gave, for the admin's review (spec §3 answer_list, f_answer_status).
  await sql`
    CREATE TABLE cert_answers (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_question_idx INTEGER NOT NULL REFERENCES cert_questions(f_idx) ON DELETE CASCADE,
      f_answer INTEGER NOT NULL,
      f_answer_status TEXT NOT NULL CHECK (f_answer_status IN ('Y', 'N')),
      PRIMARY KEY (f_user_idx, f_question_idx)
    )
  `.execute(db);

  await sql`
    CREATE TABLE login_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_time TEXT NOT NULL,
      f_device_id TEXT NOT NULL,
      f_ip TEXT NOT NULL,
      f_user_agent TEXT NOT NULL DEFAULT '',
      f_is_web TEXT NOT NULL DEFAULT 'Y',
      f_by_admin INTEGER REFERENCES users(f_idx) ON DELETE SET NULL
    )
  `.execute(db);
  await sql`CREATE INDEX login_logs_time ON login_logs (f_time)`.execute(db);
  await sql`CREATE INDEX login_logs_user ON login_logs (f_user_idx, f_time)`.execute(db);

  // A withdrawn member keeps their row (their sites and logs refer to it) but frees the phone.
  await sql`ALTER TABLE users ADD COLUMN f_withdrawn_time TEXT`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN f_withdrawn_phone TEXT`.execute(db);
  // Who granted the current admin authority, for the audit trail.
  await sql`ALTER TABLE users ADD COLUMN f_authority_by INTEGER`.execute(db);
  await sql`CREATE INDEX users_approval ON users (f_approval, f_reg_time)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_logs',
    'cert_answers',
    'cert_questions',
    'preregistered_phones',
    'phone_codes',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
