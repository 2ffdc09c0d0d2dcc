import { type Kysely, sql } from 'kysely';

// Frozen once landed. The community board and the inquiry board (spec §3 Community post, Inquiry).
// A removed post keeps its row (f_removed_time) so the day's writing count (spec §9, daily limit)
// cannot be reset by deleting; lists and details skip it. f_reg_day is the Seoul day that count
// reads. f_made_until is when made+ stops pinning the post (24 hours after publishing).
// community_push_recipients records who a push post should reach until Web Push delivers it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE community_posts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type TEXT NOT NULL CHECK (f_type IN ('N', 'S', 'W', 'R')),
      f_title TEXT NOT NULL,
      f_content TEXT NOT NULL,
      f_phone TEXT NOT NULL,
      f_anony TEXT NOT NULL DEFAULT 'N' CHECK (f_anony IN ('Y', 'N')),
      f_made TEXT NOT NULL DEFAULT 'N' CHECK (f_made IN ('Y', 'N')),
      f_made_until TEXT,
      f_push TEXT NOT NULL DEFAULT 'N' CHECK (f_push IN ('Y', 'N')),
      f_image_url TEXT NOT NULL DEFAULT '[]',
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_reg_day TEXT NOT NULL,
      f_update_time TEXT,
      f_removed_time TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX community_posts_list ON community_posts (f_removed_time, f_type, f_reg_time)`.execute(
    db,
  );
  await sql`CREATE INDEX community_posts_day ON community_posts (f_user_idx, f_reg_day)`.execute(db);
  await sql`
    CREATE TABLE community_comments (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_comment TEXT NOT NULL,
      f_anony TEXT NOT NULL DEFAULT 'N' CHECK (f_anony IN ('Y', 'N')),
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX community_comments_post ON community_comments (f_community_idx, f_idx)`.execute(db);
  await sql`
    CREATE TABLE community_reports (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      UNIQUE (f_community_idx, f_user_idx)
    )
  `.execute(db);
  await sql`
    CREATE TABLE community_blocks (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_blocked_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_blocked_user_idx)
    )
  `.execute(db);
  await sql`
    CREATE TABLE community_push_recipients (
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_read_time TEXT,
      PRIMARY KEY (f_community_idx, f_user_idx)
    )
  `.execute(db);
  await sql`
    CREATE TABLE inquiries (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type TEXT NOT NULL CHECK (f_type IN ('R', 'U', 'A', 'C', 'N', 'P', 'O')),
      f_title TEXT NOT NULL,
      f_content TEXT NOT NULL,
      f_secret TEXT NOT NULL DEFAULT 'N' CHECK (f_secret IN ('Y', 'N')),
      f_answer TEXT NOT NULL DEFAULT '',
      f_answer_time TEXT,
      f_answer_admin_idx INTEGER REFERENCES users(f_idx),
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX inquiries_user ON inquiries (f_user_idx, f_idx)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'inquiries',
    'community_push_recipients',
    'community_blocks',
    'community_reports',
    'community_comments',
    'community_posts',
  ]) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
