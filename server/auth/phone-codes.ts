import { createHmac, randomInt } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { ruleViolation } from '../http/errors.ts';
import { authMessages } from './auth.messages.ts';

export const CODE_TTL_SECONDS = 180;
export const MAX_CODES_PER_HOUR = 5;
export const MAX_WRONG_TRIES = 10;
/** A code checked on the sign-up screen stays good for submitting the form (card photo, quiz). */
export const VERIFIED_CODE_TTL_MINUTES = 30;

function hashCode({ secret, phone, code }: { secret: string; phone: string; code: string }): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

/** Issues a new code (invalidating earlier ones) within the hourly limit; returns it for the SMS. */
export async function issueCode({
  db,
  clock,
  secret,
  phone,
  purpose,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  phone: string;
  purpose: 'login' | 'signup';
}): Promise<string> {
  const now = clock.now();
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const { n } = await db
    .selectFrom('phone_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f_phone', '=', phone)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_CODES_PER_HOUR) throw ruleViolation(authMessages.tooManyCodes, { status: 429 });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('phone_codes')
      .set({ consumed_at: now.toISOString() })
      .where('f_phone', '=', phone)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('phone_codes')
      .values({
        f_phone: phone,
        code_hash: hashCode({ secret, phone, code }),
        purpose,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
        verified_at: null,
        consumed_at: null,
      })
      .execute();
  });
  return code;
}

/**
 * Checks a code against the phone's latest one. Each failure has its own message: no code
 * requested, too many wrong tries, expired, wrong. `allowVerified` accepts a code already
 * verified on the sign-up screen for a while after its 180 s ran out.
 */
export async function verifyCode({
  db,
  clock,
  secret,
  phone,
  code,
  consume,
  allowVerified = false,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  phone: string;
  code: string;
  consume: boolean;
  allowVerified?: boolean;
}): Promise<void> {
  const now = clock.now();
  const row = await db
    .selectFrom('phone_codes')
    .selectAll()
    .where('f_phone', '=', phone)
    .where('consumed_at', 'is', null)
    .orderBy('f_idx', 'desc')
    .executeTakeFirst();
  if (!row) throw ruleViolation(authMessages.codeNotRequested);
  if (row.attempts >= MAX_WRONG_TRIES) throw ruleViolation(authMessages.tooManyAttempts, { status: 429 });
  const matches = row.code_hash === hashCode({ secret, phone, code });
  if (!matches) {
    await db
      .updateTable('phone_codes')
      .set({ attempts: row.attempts + 1 })
      .where('f_idx', '=', row.f_idx)
      .execute();
    throw ruleViolation(
      row.attempts + 1 >= MAX_WRONG_TRIES ? authMessages.tooManyAttempts : authMessages.codeIncorrect,
    );
  }
  const expired = new Date(row.expires_at) <= now;
  const verifiedRecently =
    allowVerified &&
    row.verified_at !== null &&
    now.getTime() - new Date(row.verified_at).getTime() < VERIFIED_CODE_TTL_MINUTES * 60_000;
  if (expired && !verifiedRecently) throw ruleViolation(authMessages.codeExpired);
  await db
    .updateTable('phone_codes')
    .set(consume ? { consumed_at: now.toISOString() } : { verified_at: row.verified_at ?? now.toISOString() })
    .where('f_idx', '=', row.f_idx)
    .execute();
}
