import type { Page } from '../../sync/api/page.ts';
import type {
  AdminPointLogItem,
  PeriodResult,
  PointLogItem,
  PointMember,
  PurchaseInfo,
  UsageLogItem,
} from '../../sync/api/points.api.ts';
import { CHARGE_OPTIONS, findPlan, pricedPlans, type UsagePlan } from '../../sync/points/plans.ts';
import { authMessages } from '../auth/auth.messages.ts';
import type { AuthedContext, RequestContext } from '../http/context.ts';
import { badParameter, notFound, ruleViolation } from '../http/errors.ts';
import { activeUserByPhone } from '../members/members.repository.ts';
import { readIntSetting, readPublicSettings } from '../settings/settings.repository.ts';
import type { User } from '../users/users.tables.ts';
import { once } from './idempotency.ts';
import { changePoints, extendUsage } from './ledger.ts';
import { pointsMessages } from './points.messages.ts';
import { adminPointLogPage, pointLogPage, usageLogPage, userByIdx } from './points.repository.ts';

type Ctx = AuthedContext;

export function toPointMember(u: User): PointMember {
  return {
    f_idx: u.f_idx,
    f_name: u.f_name,
    f_phone: u.f_phone,
    f_affiliation: u.f_affiliation,
    f_point: Math.max(0, u.f_point),
    f_usage_date: u.f_usage_date,
    f_made_count: u.f_made_count,
    f_push_count: u.f_push_count,
  };
}

/** The point member tab's look-up by phone (points and period tabs). */
export async function findPointMember({ ctx, phone }: { ctx: Ctx; phone: string }): Promise<PointMember> {
  return toPointMember(await requireMemberByPhone({ ctx, phone }));
}

/** The caller's own point history. */
export function myPointLog({ ctx, pageNum }: { ctx: Ctx; pageNum: number }): Promise<Page<PointLogItem>> {
  return pointLogPage({ db: ctx.db, userIdx: ctx.auth.user.f_idx, pageNum });
}

/** A member's point history as an admin sees it (who gave or took). */
export function memberPointLog({
  ctx,
  userIdx,
  pageNum,
}: {
  ctx: Ctx;
  userIdx: number;
  pageNum: number;
}): Promise<Page<AdminPointLogItem>> {
  return adminPointLogPage({ db: ctx.db, userIdx, pageNum });
}

/** A member's usage history (days, made+ and push) as an admin sees it. */
export function memberUsageLog({
  ctx,
  userIdx,
  pageNum,
}: {
  ctx: Ctx;
  userIdx: number;
  pageNum: number;
}): Promise<Page<UsageLogItem>> {
  return usageLogPage({ db: ctx.db, userIdx, pageNum });
}

async function currentPlans({ ctx }: { ctx: Pick<RequestContext, 'db'> }): Promise<UsagePlan[]> {
  const oneMonthTicketPoint = await readIntSetting({
    db: ctx.db,
    key: 'one_month_ticket_point',
    fallback: 12000,
  });
  return pricedPlans({ oneMonthTicketPoint });
}

export async function purchaseInfo({ ctx }: { ctx: RequestContext }): Promise<PurchaseInfo> {
  const settings = await readPublicSettings({ db: ctx.db });
  return {
    plans: await currentPlans({ ctx }),
    charge_options: CHARGE_OPTIONS.map((o) => ({ ...o })),
    ticket_price: settings.ticket_price,
    ticket_show: settings.ticket_show,
    bank_account: ctx.config.bankAccount,
    payment_provider: ctx.adapters.payment.kind,
  };
}

/**
 * buyPeriod: takes the plan's points and adds its days and counts in one transaction, once
 * per idempotency key. Settings are read before the transaction opens: the connection is
 * held by it until it ends.
 */
export async function buyPeriod({
  ctx,
  period,
  made,
  push,
  key,
}: {
  ctx: Ctx;
  period: number;
  made: number;
  push: number;
  key: string;
}): Promise<PeriodResult> {
  const base = findPlan({ period, made, push });
  const plan = (await currentPlans({ ctx })).find((p) => p.id === base?.id);
  if (!plan) throw badParameter({ field: 'period', reason: 'no usage plan has that period, made and push' });
  const settings = await readPublicSettings({ db: ctx.db });
  if (settings.ticket_price === 'F' && plan.kind === 'days') throw ruleViolation(pointsMessages.usageFreeNow);
  const userIdx = ctx.auth.user.f_idx;
  const now = ctx.clock.now();
  return once({
    db: ctx.db,
    userIdx,
    key,
    operation: 'buyPeriod',
    fingerprint: { period, made, push },
    now,
    run: async (trx) => {
      const { logIdx, balance } = await changePoints({
        trx,
        userIdx,
        type: 'U',
        amount: plan.points,
        reason: 'plan',
        ref: plan.id,
        now,
      });
      const usage = await extendUsage({
        trx,
        userIdx,
        days: plan.days,
        made: plan.made,
        push: plan.push,
        reason: 'plan',
        memo: plan.id,
        pointLogIdx: logIdx,
        now,
      });
      return {
        plan_id: plan.id,
        point: balance,
        usage_date: usage.usageDate,
        made_count: usage.madeCount,
        push_count: usage.pushCount,
      };
    },
  });
}

export async function requireMemberByPhone({ ctx, phone }: { ctx: Ctx; phone: string }): Promise<User> {
  const user = await activeUserByPhone({ db: ctx.db, phone });
  if (!user) throw notFound(authMessages.userNotFound);
  return user;
}

async function requireMemberById({ ctx, userIdx }: { ctx: Ctx; userIdx: number }): Promise<User> {
  const user = await userByIdx({ db: ctx.db, userIdx });
  if (!user || user.f_withdrawn_time) throw notFound(authMessages.userNotFound);
  return user;
}

/** addPoint: an admin gives (A) or takes (O) points; a deduction never takes the balance below 0. */
export async function adminAddPoint({
  ctx,
  userIdx,
  point,
  memo,
  key,
}: {
  ctx: Ctx;
  userIdx: number;
  point: number;
  memo: string;
  key: string | undefined;
}) {
  await requireMemberById({ ctx, userIdx });
  const now = ctx.clock.now();
  return once({
    db: ctx.db,
    userIdx: ctx.auth.user.f_idx,
    key,
    operation: 'addPoint',
    fingerprint: { userIdx, point, memo },
    now,
    run: async (trx) => {
      const { balance } = await changePoints({
        trx,
        userIdx,
        type: point > 0 ? 'A' : 'O',
        amount: Math.abs(point),
        reason: 'admin',
        memo,
        adminIdx: ctx.auth.user.f_idx,
        now,
      });
      return { user_idx: userIdx, added: point, point: balance };
    },
  });
}

/** addPeriod: an admin adds (or takes) days of usage. */
export async function adminAddPeriod({
  ctx,
  userIdx,
  days,
  memo,
  key,
}: {
  ctx: Ctx;
  userIdx: number;
  days: number;
  memo: string;
  key: string | undefined;
}) {
  await requireMemberById({ ctx, userIdx });
  const now = ctx.clock.now();
  return once({
    db: ctx.db,
    userIdx: ctx.auth.user.f_idx,
    key,
    operation: 'addPeriod',
    fingerprint: { userIdx, days, memo },
    now,
    run: async (trx) => {
      const usage = await extendUsage({
        trx,
        userIdx,
        days,
        reason: 'admin',
        memo,
        adminIdx: ctx.auth.user.f_idx,
        now,
      });
      return { user_idx: userIdx, added_days: days, usage_date: usage.usageDate };
    },
  });
}
