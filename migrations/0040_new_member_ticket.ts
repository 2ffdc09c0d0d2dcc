import { type Kysely, sql } from 'kysely';

// Frozen once landed. What a new member starts with (issue 30): the days of usage the server
// gives when an admin approves an applicant (`new_member_days`, an app setting; 0 gives none),
// and when it gave them (`users.f_welcome_time`), so the gift is given once per member even if
// a rejected applicant applies again and is approved later.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO app_settings (key, value) VALUES ('new_member_days', '0') ON CONFLICT (key) DO NOTHING`.execute(
    db,
  );
  await sql`ALTER TABLE users ADD COLUMN f_welcome_time TEXT`.execute(db);
}
