import type { PointLogType } from '../../sync/api/points.api.ts';
import { extendUsageDate } from '../../sync/points/plans.ts';
import type { DbOrTx } from '../db/database.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import {
  addUsage,
  insertPointLog,
  insertUsageLog,
  markWelcomeGiven,
  moveBalance,
  takeOneCount,
  usageDateOf,
  userExists,
} from './ledger.repository.ts';
import { pointsMessages } from './points.messages.ts';

/** A transaction (or the database, when the caller has opened none). */
type Trx = DbOrTx;

const INCREASES: ReadonlySet<PointLogType> = new Set(['C', 'A']);

/**
 * The one way a balance changes: the conditional UPDATE refuses a deduction the balance
 * cannot cover in the same statement that applies it, so concurrent purchases cannot
 * overspend, and the log row is written in the caller's transaction with the balance after it.
 * Other features (report rewards, made+, push) use this too.
 */
export async function changePoints({
  trx,
  userIdx,
  type,
  amount,
  reason,
  memo = '',
  ref = null,
  adminIdx = null,
  now,
}: {
  trx: Trx;
  userIdx: number;
  type: PointLogType;
  /** Positive; the type gives the direction. */
  amount: number;
  reason: string;
  memo?: string;
  ref?: string | null;
  adminIdx?: number | null;
  now: Date;
}): Promise<{ logIdx: number; balance: number }> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new RangeError(`point amount must be positive: ${amount}`);
  const increase = INCREASES.has(type);
  const balance = await moveBalance({ db: trx, userIdx, delta: increase ? amount : -amount });
  if (balance === undefined) {
    if (!(await userExists({ db: trx, userIdx }))) throw notFound();
    throw ruleViolation(pointsMessages.pointNotEnough);
  }
  const logIdx = await insertPointLog({
    db: trx,
    log: {
      f_user_idx: userIdx,
      f_reg_time: now.toISOString(),
      f_type: type,
      f_point: amount,
      f_point_final: balance,
      f_reason: reason,
      f_memo: memo,
      f_admin_idx: adminIdx,
      f_ref: ref,
    },
  });
  return { logIdx, balance };
}

/** Adds days (from the current usage date while it lasts, else from now) and made/push counts, logged. */
export async function extendUsage({
  trx,
  userIdx,
  days,
  made = 0,
  push = 0,
  reason,
  memo = '',
  adminIdx = null,
  pointLogIdx = null,
  now,
}: {
  trx: Trx;
  userIdx: number;
  days: number;
  made?: number;
  push?: number;
  reason: string;
  memo?: string;
  adminIdx?: number | null;
  pointLogIdx?: number | null;
  now: Date;
}): Promise<{ usageDate: string | null; madeCount: number; pushCount: number }> {
  const user = await usageDateOf({ db: trx, userIdx });
  if (!user) throw notFound();
  const usageDate =
    days !== 0 ? extendUsageDate({ usageDate: user.f_usage_date, days, now }) : user.f_usage_date;
  const row = await addUsage({ db: trx, userIdx, usageDate, made, push });
  await insertUsageLog({
    db: trx,
    log: {
      f_user_idx: userIdx,
      f_reg_time: now.toISOString(),
      f_days: days,
      f_made: made,
      f_push: push,
      f_usage_date_final: row.f_usage_date,
      f_made_final: row.f_made_count,
      f_push_final: row.f_push_count,
      f_reason: reason,
      f_memo: memo,
      f_admin_idx: adminIdx,
      f_point_log_idx: pointLogIdx,
    },
  });
  return { usageDate: row.f_usage_date, madeCount: row.f_made_count, pushCount: row.f_push_count };
}

/**
 * What a new member starts with (app setting `new_member_days`): the days of usage given when an
 * admin approves them, once per member. The conditional UPDATE of `f_welcome_time` is made first
 * in the caller's transaction: only the approval that set it gives the days, so a member approved
 * again (rejected, applied anew) or two approvals at once never get them twice. Logged in
 * `usage_logs` as `welcome`. Null when nothing was given.
 */
export async function giveWelcomeDays({
  trx,
  userIdx,
  days,
  now,
}: {
  trx: Trx;
  userIdx: number;
  days: number;
  now: Date;
}): Promise<{ usageDate: string | null } | null> {
  if (days <= 0) return null;
  if (!(await markWelcomeGiven({ db: trx, userIdx, time: now.toISOString() }))) return null;
  const { usageDate } = await extendUsage({ trx, userIdx, days, reason: 'welcome', now });
  return { usageDate };
}

/**
 * Takes one made+ or push from the member's counts (notifications spend them before points), logged
 * in `usage_logs`; null when the member has none left. The conditional UPDATE makes two spends at
 * once unable to take the last one twice.
 */
export async function takeUsageCount({
  trx,
  userIdx,
  kind,
  reason,
  now,
}: {
  trx: Trx;
  userIdx: number;
  kind: 'made' | 'push';
  reason: string;
  now: Date;
}): Promise<{ madeCount: number; pushCount: number } | null> {
  const row = await takeOneCount({ db: trx, userIdx, kind });
  if (!row) return null;
  await insertUsageLog({
    db: trx,
    log: {
      f_user_idx: userIdx,
      f_reg_time: now.toISOString(),
      f_days: 0,
      f_made: kind === 'made' ? -1 : 0,
      f_push: kind === 'push' ? -1 : 0,
      f_usage_date_final: row.f_usage_date,
      f_made_final: row.f_made_count,
      f_push_final: row.f_push_count,
      f_reason: reason,
      f_memo: '',
      f_admin_idx: null,
      f_point_log_idx: null,
    },
  });
  return { madeCount: row.f_made_count, pushCount: row.f_push_count };
}
