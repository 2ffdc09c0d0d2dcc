import type { PushSetting } from '../../sync/api/auth.api.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { forUpdate } from '../db/locking.ts';
import type { User } from './users.tables.ts';

export function readUser({ db, userIdx }: { db: Db; userIdx: number }): Promise<User> {
  return db.selectFrom('users').selectAll().where('f_idx', '=', userIdx).executeTakeFirstOrThrow();
}

export async function writeProfileFields({
  db,
  userIdx,
  affiliation,
  name,
  businessCard,
}: {
  db: Db;
  userIdx: number;
  affiliation: string;
  name: string;
  businessCard: string | null;
}): Promise<void> {
  await db
    .updateTable('users')
    .set({ f_affiliation: affiliation, f_name: name, f_business_card: businessCard })
    .where('f_idx', '=', userIdx)
    .execute();
}

export async function writePushSetting({
  db,
  userIdx,
  setting,
}: {
  db: Db;
  userIdx: number;
  setting: PushSetting;
}): Promise<void> {
  await db
    .updateTable('users')
    .set({
      f_push: setting.push,
      f_push_sound: setting.push_sound,
      f_push_vibration: setting.push_vibration,
      f_push_off_start_time: setting.push_off_start_time,
      f_push_off_end_time: setting.push_off_end_time,
    })
    .where('f_idx', '=', userIdx)
    .execute();
}

/** Ends one session (a sign-out). */
export async function endSession({
  db,
  clock,
  sessionIdx,
}: {
  db: Db;
  clock: Clock;
  sessionIdx: number;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: clock.now().toISOString(), end_reason: 'logout' })
    .where('f_idx', '=', sessionIdx)
    .execute();
}

/**
 * Holds the member's row until the transaction ends (PostgreSQL; SQLite has one writer), so a
 * rule that counts the member's rows and then writes (the daily post limit, the per-site
 * notification limit, a purchase's idempotency key) runs for one request of that member at a
 * time: a second one waits, then counts what the first wrote.
 */
export async function lockMember({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<void> {
  await forUpdate({
    db,
    query: db.selectFrom('users').select('f_idx').where('f_idx', '=', userIdx),
  }).execute();
}
