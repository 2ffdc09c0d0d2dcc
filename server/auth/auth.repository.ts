import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import type { NewUser, User, UserUpdate } from '../users/users.tables.ts';
import type { CertAnswersTable, LoginLogsTable, PhoneCodesTable } from './auth.tables.ts';

/** Sign-in and sign-up rows: phone codes, sessions opened, members applying (auth.service.ts holds the rules). */

export function userByPhone({ db, phone }: { db: DbOrTx; phone: string }): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('f_phone', '=', phone).executeTakeFirst();
}

export async function isPreregisteredPhone({ db, phone }: { db: DbOrTx; phone: string }): Promise<boolean> {
  const row = await db
    .selectFrom('preregistered_phones')
    .select('f_phone')
    .where('f_phone', '=', phone)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePreregisteredPhone({ db, phone }: { db: DbOrTx; phone: string }): Promise<void> {
  await db.deleteFrom('preregistered_phones').where('f_phone', '=', phone).execute();
}

export async function updateUser({
  db,
  userIdx,
  values,
}: {
  db: DbOrTx;
  userIdx: number;
  values: UserUpdate;
}) {
  await db.updateTable('users').set(values).where('f_idx', '=', userIdx).execute();
}

export async function insertUser({ db, user }: { db: DbOrTx; user: NewUser }): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('f_idx').executeTakeFirstOrThrow();
  return row.f_idx;
}

/** Codes sent in the hour since `since`: sign-up codes in all, and those to this phone, device and address. */
export function codesSentSince({
  db,
  since,
  phone,
  deviceId,
  ip,
}: {
  db: DbOrTx;
  since: string;
  phone: string;
  deviceId: string;
  ip: string;
}) {
  // The ceiling bounds how many rows an hour holds, so this one pass over them stays short.
  // count(CASE …) rather than sum(a = b): PostgreSQL does not add booleans.
  return db
    .selectFrom('phone_codes')
    .select(() => [
      sql<number>`count(CASE WHEN purpose = 'signup' THEN 1 END)`.as('total'),
      sql<number>`count(CASE WHEN f_phone = ${phone} THEN 1 END)`.as('phone'),
      sql<number>`count(CASE WHEN f_device_id = ${deviceId} THEN 1 END)`.as('device'),
      sql<number>`count(CASE WHEN f_ip = ${ip} THEN 1 END)`.as('address'),
    ])
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
}

/** Marks every open code of the phone used, so only the newest one works; answers the codes it closed. */
export async function consumeOpenCodes({
  db,
  phone,
  time,
}: {
  db: DbOrTx;
  phone: string;
  time: string;
}): Promise<number[]> {
  const rows = await db
    .updateTable('phone_codes')
    .set({ consumed_at: time })
    .where('f_phone', '=', phone)
    .where('consumed_at', 'is', null)
    .returning('f_idx')
    .execute();
  return rows.map((r) => r.f_idx);
}

export async function insertCode({
  db,
  code,
}: {
  db: DbOrTx;
  code: Insertable<PhoneCodesTable>;
}): Promise<number> {
  const row = await db.insertInto('phone_codes').values(code).returning('f_idx').executeTakeFirstOrThrow();
  return row.f_idx;
}

/**
 * Undoes an issue: the code goes, and the codes it closed at `time` are open again (unless
 * something closed them since).
 */
export async function withdrawCode({
  db,
  codeIdx,
  reopened,
  time,
}: {
  db: DbOrTx;
  codeIdx: number;
  reopened: readonly number[];
  time: string;
}): Promise<void> {
  await db.deleteFrom('phone_codes').where('f_idx', '=', codeIdx).execute();
  if (reopened.length > 0)
    await db
      .updateTable('phone_codes')
      .set({ consumed_at: null })
      .where('f_idx', 'in', reopened)
      .where('consumed_at', '=', time)
      .execute();
}

/** The phone's latest open code. */
export function latestOpenCode({ db, phone }: { db: DbOrTx; phone: string }) {
  return db
    .selectFrom('phone_codes')
    .selectAll()
    .where('f_phone', '=', phone)
    .where('consumed_at', 'is', null)
    .orderBy('f_idx', 'desc')
    .executeTakeFirst();
}

export async function updateCode({
  db,
  codeIdx,
  values,
}: {
  db: DbOrTx;
  codeIdx: number;
  values: { attempts?: number; consumed_at?: string; verified_at?: string };
}): Promise<void> {
  await db.updateTable('phone_codes').set(values).where('f_idx', '=', codeIdx).execute();
}

/**
 * Takes one of a code's tries before it is checked, in one statement: checks sent at once (to one
 * server instance or several) each take their own, so no more than `max` are ever checked.
 * Answers the tries taken with this one, or null when none was left.
 */
export async function takeCodeTry({
  db,
  codeIdx,
  max,
}: {
  db: DbOrTx;
  codeIdx: number;
  max: number;
}): Promise<number | null> {
  const row = await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('f_idx', '=', codeIdx)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** A right code gives its try back: only wrong ones count. */
export async function giveCodeTryBack({ db, codeIdx }: { db: DbOrTx; codeIdx: number }): Promise<void> {
  await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('f_idx', '=', codeIdx)
    .where('attempts', '>', 0)
    .execute();
}

/** Whether the phone has an open code verified on the sign-up screen. */
export async function hasVerifiedCode({ db, phone }: { db: DbOrTx; phone: string }): Promise<boolean> {
  const row = await db
    .selectFrom('phone_codes')
    .select('f_idx')
    .where('f_phone', '=', phone)
    .where('consumed_at', 'is', null)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends the member's open sessions for a new one from `deviceId`: on another device as replaced
 * (its next call gets -7), on the same device as logged out. A member's view an admin opened is
 * not the member's device and stays.
 */
export async function endSessionsForNewDevice({
  db,
  userIdx,
  deviceId,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  deviceId: string;
  time: string;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: time, end_reason: 'other_device' })
    .where('f_user_idx', '=', userIdx)
    .where('ended_at', 'is', null)
    .where('device_id', '!=', deviceId)
    .where('f_by_admin', 'is', null)
    .execute();
  await db
    .updateTable('sessions')
    .set({ ended_at: time, end_reason: 'logout' })
    .where('f_user_idx', '=', userIdx)
    .where('ended_at', 'is', null)
    .where('device_id', '=', deviceId)
    .where('f_by_admin', 'is', null)
    .execute();
}

export async function insertSession({
  db,
  session,
}: {
  db: DbOrTx;
  session: {
    f_user_idx: number;
    token_hash: string;
    device_id: string;
    f_by_admin: number | null;
    created_at: string;
    expires_at: string;
  };
}): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      ...session,
      last_seen_at: session.created_at,
      admin_unlocked_until: null,
      ended_at: null,
      end_reason: null,
    })
    .execute();
}

export async function insertLoginLog({
  db,
  log,
}: {
  db: DbOrTx;
  log: Insertable<LoginLogsTable>;
}): Promise<void> {
  await db.insertInto('login_logs').values(log).execute();
}

export function certQuestions({ db }: { db: DbOrTx }) {
  return db
    .selectFrom('cert_questions')
    .select(['f_idx', 'f_question', 'f_answer_list'])
    .orderBy('f_order')
    .execute();
}

export function certAnswerKey({ db }: { db: DbOrTx }) {
  return db.selectFrom('cert_questions').select(['f_idx', 'f_correct']).execute();
}

/** Replaces a member's quiz answers. */
export async function replaceCertAnswers({
  db,
  userIdx,
  answers,
}: {
  db: DbOrTx;
  userIdx: number;
  answers: ReadonlyArray<Omit<Insertable<CertAnswersTable>, 'f_user_idx'>>;
}): Promise<void> {
  await db.deleteFrom('cert_answers').where('f_user_idx', '=', userIdx).execute();
  if (answers.length > 0) {
    await db
      .insertInto('cert_answers')
      .values(answers.map((a) => ({ ...a, f_user_idx: userIdx })))
      .execute();
  }
}

/** A member leaves: the phone is freed (kept aside), authority and sessions end, their sites are deleted (D). */
export async function markWithdrawn({
  db,
  user,
  time,
}: {
  db: DbOrTx;
  user: Pick<User, 'f_idx' | 'f_phone'>;
  time: string;
}): Promise<void> {
  await db
    .updateTable('users')
    .set({
      f_withdrawn_time: time,
      f_withdrawn_phone: user.f_phone,
      f_phone: `withdrawn:${user.f_idx}`,
      f_type: 'U',
      f_admin_authority: '',
      f_status: 'B',
    })
    .where('f_idx', '=', user.f_idx)
    .execute();
  await db
    .updateTable('sessions')
    .set({ ended_at: time, end_reason: 'withdrawn' })
    .where('f_user_idx', '=', user.f_idx)
    .where('ended_at', 'is', null)
    .execute();
  // Their sites leave every list but are kept (status D), so an admin can restore them.
  await db
    .updateTable('sites')
    .set({ f_status: 'D', f_update_time: time })
    .where('f_user_idx', '=', user.f_idx)
    .where('f_status', '!=', 'D')
    .execute();
}
