import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL counterpart of migrations/0040_new_member_ticket.ts: the
// `new_member_days` setting and `users.f_welcome_time`, the time the approval gave them.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO app_settings (key, value) VALUES ('new_member_days', '0') ON CONFLICT (key) DO NOTHING`.execute(
    db,
  );
  await sql`ALTER TABLE users ADD COLUMN f_welcome_time TEXT COLLATE "C"`.execute(db);
}
