import { type Kysely, sql } from 'kysely';

// Frozen once landed. Limits on sending phone codes beyond five per phone an hour (SMS pumping):
// each sent code records the client address that asked (an IPv6 address as its /64 network,
// the block one subscriber holds) and the device id it sent, so the per-address and per-device
// allowances and the overall hourly ceiling are counted from the database and hold across
// restarts. Rows written before these columns count under the empty address and device.
// One index on the time: the limits read the last hour's rows, which the ceiling keeps few.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE phone_codes ADD COLUMN f_ip TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE phone_codes ADD COLUMN f_device_id TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX phone_codes_time ON phone_codes (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS phone_codes_time`.execute(db);
  await sql`ALTER TABLE phone_codes DROP COLUMN f_device_id`.execute(db);
  await sql`ALTER TABLE phone_codes DROP COLUMN f_ip`.execute(db);
}
