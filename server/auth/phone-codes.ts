import { createHmac, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { Limits } from '../../sync/constants.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { retryingTransaction } from '../db/transaction.ts';
import { ruleViolation } from '../http/errors.ts';
import { authMessages } from './auth.messages.ts';
import {
  codesSentSince,
  consumeOpenCodes,
  giveCodeTryBack,
  insertCode,
  latestOpenCode,
  takeCodeTry,
  updateCode,
  withdrawCode,
} from './auth.repository.ts';
import { clientNetwork } from './client-network.ts';

export const CODE_TTL_SECONDS = 180;
export const MAX_CODES_PER_HOUR = 5;
export const MAX_WRONG_TRIES = 10;
/** A code checked on the sign-up screen stays good for submitting the form (card photo, quiz). */
export const VERIFIED_CODE_TTL_MINUTES = Limits.verifiedCodeMinutes;

function hashCode({ secret, phone, code }: { secret: string; phone: string; code: string }): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

/** Who asks for a code: the request's address and the device id header it carried. */
export interface CodeClient {
  ip: string;
  deviceId: string | undefined;
}

/**
 * Issues a new code (invalidating earlier ones) within the hourly limits; returns it for the SMS.
 * Five per phone keeps one number from being flooded; per device, per client address and the
 * hourly ceiling of sign-up codes keep one client from having codes sent to any number of phones
 * (SMS pumping, paid per message). Login codes go only to members' phones and are not held by the
 * ceiling, so a flood of sign-ups never keeps members out. Counted from the rows of the last hour inside the transaction that adds
 * the new one, so they hold across restarts and two requests cannot both take the last place.
 * Only codes sent count: a refused request adds nothing.
 */
export async function issueCode({
  db,
  clock,
  secret,
  phone,
  purpose,
  client,
  limits,
  logger,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  phone: string;
  purpose: 'login' | 'signup';
  client: CodeClient;
  limits: Config['smsLimits'];
  logger: Pick<Logger, 'warn'>;
}): Promise<IssuedCode> {
  const now = clock.now();
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const ip = clientNetwork(client.ip);
  const deviceId = (client.deviceId ?? '').trim().slice(0, 100);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  let issued = 0;
  let replaced: number[] = [];
  // SERIALIZABLE on PostgreSQL: two requests counting the same hour cannot both take its last
  // place (one is refused with 40001 and counts again); SQLite runs one writer at a time.
  await retryingTransaction({
    db,
    isolation: 'serializable',
    attempts: 10,
    run: async (trx) => {
      // The ceiling counts sign-up codes: they may go to any number, login codes only to members.
      const sent = await codesSentSince({ db: trx, since: hourAgo, phone, deviceId, ip });
      if (Number(sent.phone) >= (limits.perPhone ?? MAX_CODES_PER_HOUR))
        throw ruleViolation(authMessages.tooManyCodes, { status: 429 });
      if (Number(sent.device) >= limits.perDevice) {
        throw ruleViolation(authMessages.tooManyCodesFromDevice, { status: 429 });
      }
      if (Number(sent.address) >= limits.perAddress) {
        throw ruleViolation(authMessages.tooManyCodesFromAddress, { status: 429 });
      }
      // A flood of sign-up codes to made-up numbers must not keep members from signing in.
      const ceilingApplies = purpose === 'signup';
      if (ceilingApplies && Number(sent.total) >= limits.total)
        throw ruleViolation(authMessages.codeCeilingReached, { status: 429 });
      if (ceilingApplies && Number(sent.total) + 1 === limits.total) {
        // Said once, when this code takes the last place: every sign-in waits until the hour's count falls.
        logger.warn(
          { ceiling: limits.total },
          'SMS hourly ceiling reached (SMS_HOURLY_TOTAL): codes are refused until the last hour holds fewer',
        );
      }
      replaced = await consumeOpenCodes({ db: trx, phone, time: now.toISOString() });
      issued = await insertCode({
        db: trx,
        code: {
          f_phone: phone,
          code_hash: hashCode({ secret, phone, code }),
          purpose,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
          verified_at: null,
          consumed_at: null,
          f_ip: ip,
          f_device_id: deviceId,
        },
      });
    },
  });
  return {
    code,
    withdraw: () =>
      db
        .transaction()
        .execute((trx) =>
          withdrawCode({ db: trx, codeIdx: issued, reopened: replaced, time: now.toISOString() }),
        ),
  };
}

/**
 * A code issued for sending. `withdraw` undoes the issue when the SMS could not be sent: the row
 * goes (so it counts against no allowance of the phone, device or address) and the codes it
 * replaced are good again, as if the member had never asked.
 */
export interface IssuedCode {
  code: string;
  withdraw: () => Promise<void>;
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
  const row = await latestOpenCode({ db, phone });
  if (!row) throw ruleViolation(authMessages.codeNotRequested);
  // The try is taken before the code is compared: a burst of guesses gets no more than a sequence.
  const tries = await takeCodeTry({ db, codeIdx: row.f_idx, max: MAX_WRONG_TRIES });
  if (tries === null) throw ruleViolation(authMessages.tooManyAttempts, { status: 429 });
  const matches = row.code_hash === hashCode({ secret, phone, code });
  if (!matches) {
    throw ruleViolation(tries >= MAX_WRONG_TRIES ? authMessages.tooManyAttempts : authMessages.codeIncorrect);
  }
  await giveCodeTryBack({ db, codeIdx: row.f_idx });
  const expired = new Date(row.expires_at) <= now;
  const verifiedRecently =
    allowVerified &&
    row.verified_at !== null &&
    now.getTime() - new Date(row.verified_at).getTime() < VERIFIED_CODE_TTL_MINUTES * 60_000;
  if (expired && !verifiedRecently) throw ruleViolation(authMessages.codeExpired);
  await updateCode({
    db,
    codeIdx: row.f_idx,
    values: consume
      ? { consumed_at: now.toISOString() }
      : { verified_at: row.verified_at ?? now.toISOString() },
  });
}
