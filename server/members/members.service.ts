import { type AdminTab, grantableTabs } from '../../sync/admin-tabs.ts';
import type { AdminUser, LoginLogRow } from '../../sync/api/admin-members.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { createSession, removeMember } from '../auth/auth.service.ts';
import { type AuthInfo, describeUser, endSessions } from '../auth/session.ts';
import { DAY_MS, seoulDate, seoulMidnight } from '../clock.ts';
import { passwordMatches } from '../config.ts';
import type { AuthedContext } from '../http/context.ts';
import { alreadyExists, badParameter, forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { giveWelcomeDays } from '../points/ledger.ts';
import { readIntSetting } from '../settings/settings.repository.ts';
import { lockMember } from '../users/users.repository.ts';
import type { User } from '../users/users.tables.ts';
import { memberAdminMessages } from './members.messages.ts';
import {
  activeUserByPhone,
  clearLockFailures,
  decidePending,
  insertAudit,
  insertPreregisteredPhone,
  lockThrottle,
  loginLogPage,
  pendingUserPage,
  recordLockFailure,
  setSessionUnlockedUntil,
  siteOwnerIdx,
  toAdminUsers,
  updateMember,
  userByIdx,
  userPageByPhone,
} from './members.repository.ts';

type Ctx = AuthedContext;

/** Writes the trace of an admin action: who, to whom, what, when, from where. */
function recordAudit({
  ctx,
  action,
  targetIdx,
  detail,
}: {
  ctx: Ctx;
  action: Parameters<typeof insertAudit>[0]['action'];
  targetIdx: number | null;
  detail: Record<string, unknown>;
}) {
  return insertAudit({
    db: ctx.db,
    adminIdx: ctx.auth.user.f_idx,
    action,
    targetIdx,
    detail,
    ip: ctx.ip,
    now: ctx.clock.now(),
  });
}

export async function requireUserByPhone({ ctx, phone }: { ctx: Ctx; phone: string }): Promise<User> {
  const user = await activeUserByPhone({ db: ctx.db, phone });
  if (!user) throw notFound(authMessages.userNotFound);
  return user;
}

/** One member in the admin view (findUserByPhone, getUserDetail). */
export async function adminUserByPhone({ ctx, phone }: { ctx: Ctx; phone: string }): Promise<AdminUser> {
  const [user] = await toAdminUsers({ db: ctx.db, users: [await requireUserByPhone({ ctx, phone })] });
  // toAdminUsers answers one row per user given.
  return user!;
}

async function adminUserPage({ ctx, page }: { ctx: Ctx; page: Page<User> }): Promise<Page<AdminUser>> {
  return { ...page, list: await toAdminUsers({ db: ctx.db, users: page.list }) };
}

/** Spec §7 getPendingUserList: applicants under review, oldest first, by offset and limit. */
export async function pendingApplicants({ ctx, offset, limit }: { ctx: Ctx; offset: number; limit: number }) {
  return adminUserPage({ ctx, page: await pendingUserPage({ db: ctx.db, offset, limit }) });
}

/** Spec §7 findUserListByPhone: members by phone digits, newest first, 50 a page from page 1. */
export async function membersByPhone({ ctx, phone, page }: { ctx: Ctx; phone: string; page: number }) {
  return adminUserPage({ ctx, page: await userPageByPhone({ db: ctx.db, phone, page }) });
}

/** The admin login tab: sign-ins, newest first, 50 a page. */
export function loginLog({
  ctx,
  phone,
  page,
}: {
  ctx: Ctx;
  phone: string;
  page: number;
}): Promise<Page<LoginLogRow>> {
  return loginLogPage({ db: ctx.db, phone, page });
}

/**
 * Who may be limited, blocked, released or removed by this admin: never themselves; nobody
 * touches the super admin; an admin only by the super admin or by an admin holding every tab
 * the target holds, so authority never reaches past what was given (spec §6).
 */
function guardTarget({ ctx, user }: { ctx: Ctx; user: User }) {
  // An admin under a limit would otherwise lift it, or a block, from themselves.
  if (user.f_idx === ctx.auth.user.f_idx) throw forbidden(memberAdminMessages.notOnYourself);
  const target = describeUser({ user, superAdminPhone: ctx.config.superAdminPhone });
  if (target.isSuperAdmin) throw forbidden();
  if (!target.isAdmin || ctx.auth.isSuperAdmin) return;
  if (!target.authority.every((tab) => ctx.auth.authority.includes(tab))) {
    throw forbidden(memberAdminMessages.adminOutranks);
  }
}

/**
 * Approve (A) or reject (R) an applicant; a signed-in applicant is told by -9 on the next call.
 * Approval gives the days a new member starts with (app setting `new_member_days`), decided here
 * and once (`giveWelcomeDays`); only the request that moved the applicant out of review acts.
 */
export async function decideApplicant({
  ctx,
  userIdx,
  status,
}: {
  ctx: Ctx;
  userIdx: number;
  status: 'A' | 'R';
}) {
  const user = await userByIdx({ db: ctx.db, userIdx });
  if (!user) throw notFound(authMessages.userNotFound);
  if (user.f_approval !== 'P') throw ruleViolation(authMessages.notPending, { status: 409 });
  const now = ctx.clock.now();
  const welcomeDays = await readIntSetting({ db: ctx.db, key: 'new_member_days', fallback: 0 });
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const moved = await decidePending({
      db: trx,
      userIdx,
      values: status === 'A' ? { f_approval: 'A' } : { f_approval: 'R', f_reject_time: now.toISOString() },
    });
    if (moved && status === 'A') await giveWelcomeDays({ trx, userIdx, days: welcomeDays, now });
    return moved;
  });
  if (!decided) throw ruleViolation(authMessages.notPending, { status: 409 });
  await endSessions({ db: ctx.db, clock: ctx.clock, userIdx, reason: 'status_changed' });
  return { f_idx: userIdx, f_approval: status };
}

/** WL or LL for 5 days: released at 00:00 (Asia/Seoul) of the fifth day from today. */
export async function limitMember({ ctx, phone, status }: { ctx: Ctx; phone: string; status: 'WL' | 'LL' }) {
  const user = await requireUserByPhone({ ctx, phone });
  guardTarget({ ctx, user });
  const releaseDate = seoulDate(new Date(ctx.clock.now().getTime() + Limits.writeLimitDays * DAY_MS));
  await updateMember({
    db: ctx.db,
    userIdx: user.f_idx,
    values: { f_status: status, f_release_date: seoulMidnight(releaseDate).toISOString() },
  });
  await endSessions({ db: ctx.db, clock: ctx.clock, userIdx: user.f_idx, reason: 'status_changed' });
  return { release_date: releaseDate };
}

export async function setBlocked({ ctx, phone, blocked }: { ctx: Ctx; phone: string; blocked: boolean }) {
  const user = await requireUserByPhone({ ctx, phone });
  guardTarget({ ctx, user });
  await updateMember({
    db: ctx.db,
    userIdx: user.f_idx,
    values: { f_status: blocked ? 'B' : 'N', f_release_date: null },
  });
  if (blocked)
    await endSessions({ db: ctx.db, clock: ctx.clock, userIdx: user.f_idx, reason: 'status_changed' });
}

export async function liftLimit({ ctx, phone }: { ctx: Ctx; phone: string }) {
  const user = await requireUserByPhone({ ctx, phone });
  guardTarget({ ctx, user });
  if (user.f_status !== 'WL' && user.f_status !== 'LL') return;
  await updateMember({ db: ctx.db, userIdx: user.f_idx, values: { f_status: 'N', f_release_date: null } });
}

export async function preregisterPhone({ ctx, phone }: { ctx: Ctx; phone: string }) {
  if (await activeUserByPhone({ db: ctx.db, phone })) throw alreadyExists(authMessages.alreadyMember);
  await insertPreregisteredPhone({
    db: ctx.db,
    phone,
    addedBy: ctx.auth.user.f_idx,
    time: ctx.clock.now().toISOString(),
  });
}

export async function removeByPhone({ ctx, phone }: { ctx: Ctx; phone: string }) {
  const user = await requireUserByPhone({ ctx, phone });
  guardTarget({ ctx, user });
  await removeMember({ ctx, user });
}

/** Super admin only (the route's tab is manage). The first tab listed is the starting tab. */
export async function setAuthority({
  ctx,
  userIdx,
  authority,
}: {
  ctx: Ctx;
  userIdx: number;
  authority: string;
}) {
  const user = await userByIdx({ db: ctx.db, userIdx });
  if (!user || user.f_withdrawn_time) throw notFound(authMessages.userNotFound);
  if (user.f_phone === ctx.config.superAdminPhone) throw forbidden();
  const tabs: AdminTab[] = [];
  for (const part of authority.split(',').filter((p) => p !== '')) {
    const n = Number(part);
    if (!(grantableTabs as readonly number[]).includes(n))
      throw badParameter({ field: 'authority', reason: `tab ${part} cannot be granted` });
    if (!tabs.includes(n as AdminTab)) tabs.push(n as AdminTab);
  }
  const list = tabs.join(',');
  const type = tabs.length > 0 ? 'A' : 'U';
  await updateMember({
    db: ctx.db,
    userIdx,
    values: { f_admin_authority: list, f_type: type, f_authority_by: ctx.auth.user.f_idx },
  });
  return { f_idx: userIdx, f_type: type, f_admin_authority: list } as const;
}

const LOCK_MINUTES = 30;

/**
 * The admin lock opens for LOCK_MINUTES with the deployment's password (ADMIN_LOCK_PASSWORD).
 * Five wrong passwords within ten minutes close it for ten minutes for that admin: tries while
 * it is closed are refused unread and not counted, so the real admin is back in ten minutes.
 */
export async function openLock({ ctx, password }: { ctx: Ctx; password: string }) {
  const now = ctx.clock.now();
  const admin = ctx.auth.user.f_idx;
  // One transaction from the count to the record, holding the admin's row: tries sent at once
  // (to one server instance or several) are judged one after the other, each counting those before
  // it, so a burst gets no more guesses than a sequence.
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await lockMember({ db: trx, userIdx: admin });
    const closedFor = await lockThrottle({ db: trx, adminIdx: admin, now });
    if (closedFor > 0) return { kind: 'throttled' as const, closedFor };
    if (passwordMatches({ password, hash: ctx.config.adminLockHash })) {
      await clearLockFailures({ db: trx, adminIdx: admin });
      const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
      await setSessionUnlockedUntil({ db: trx, sessionIdx: ctx.auth.session.f_idx, until });
      return { kind: 'open' as const, until };
    }
    await recordLockFailure({ db: trx, adminIdx: admin, now, ip: ctx.ip });
    const closedNow = (await lockThrottle({ db: trx, adminIdx: admin, now })) > 0;
    if (closedNow) {
      await insertAudit({
        db: trx,
        adminIdx: admin,
        action: 'lock_throttled',
        targetIdx: null,
        detail: {},
        ip: ctx.ip,
        now,
      });
    }
    return { kind: 'wrong' as const, closedNow };
  });
  if (outcome.kind === 'throttled') {
    ctx.logger.warn({ reqId: ctx.requestId, admin, ip: ctx.ip }, 'admin lock: refused while throttled');
    throw ruleViolation(memberAdminMessages.lockThrottled, {
      status: 429,
      params: { minutes: Math.ceil(outcome.closedFor / 60_000) },
    });
  }
  if (outcome.kind === 'wrong') {
    ctx.logger.warn({ reqId: ctx.requestId, admin, ip: ctx.ip }, 'admin lock: wrong password');
    if (outcome.closedNow) {
      ctx.logger.warn({ reqId: ctx.requestId, admin, ip: ctx.ip }, 'admin lock: closed for ten minutes');
    }
    throw ruleViolation(authMessages.adminPasswordIncorrect, { status: 403 });
  }
  return { unlocked_until: outcome.until };
}

export async function closeLock({ ctx }: { ctx: Ctx }) {
  await setSessionUnlockedUntil({ db: ctx.db, sessionIdx: ctx.auth.session.f_idx, until: null });
}

/**
 * Spec §7 adminLogin: opens a non-admin member's view for the admin, on a separate session that
 * does not end the member's own. The session is marked with the admin who opened it
 * (sessions.f_by_admin), carries no admin authority (auth/session.ts), and is audit-logged.
 */
export async function loginAsMember({
  ctx,
  auth,
  key,
  type,
}: {
  ctx: Ctx;
  auth: AuthInfo;
  key: string;
  type: 'phone' | 'maemul';
}) {
  let user: User | undefined;
  if (type === 'phone') {
    user = await activeUserByPhone({ db: ctx.db, phone: key.replace(/\D/g, '') });
    if (!user) throw notFound(authMessages.userNotFound);
  } else {
    const siteIdx = Number(key);
    if (!Number.isInteger(siteIdx) || siteIdx < 1)
      throw badParameter({ field: 'phone_number', reason: 'listing number must be a number' });
    const owner = await siteOwnerIdx({ db: ctx.db, siteIdx });
    if (owner === undefined) throw notFound(authMessages.listingNotFound);
    user = await userByIdx({ db: ctx.db, userIdx: owner });
    // A withdrawn owner has no view (by phone they are not found either: their phone was freed).
    if (!user || user.f_withdrawn_time !== null) throw notFound(authMessages.userNotFound);
  }
  // Only a member's view: an admin account's view would carry its authority to whoever opened it.
  if (describeUser({ user, superAdminPhone: ctx.config.superAdminPhone }).isAdmin) {
    throw forbidden(memberAdminMessages.adminViewRefused);
  }
  const token = await createSession({
    ctx,
    user,
    deviceId: ctx.deviceId ?? 'admin',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    isWeb: 'Y',
    byAdmin: auth.user.f_idx,
  });
  await recordAudit({ ctx, action: 'member_view_opened', targetIdx: user.f_idx, detail: { type, key } });
  ctx.logger.info(
    { reqId: ctx.requestId, admin: auth.user.f_idx, member: user.f_idx },
    'admin opened a member view',
  );
  return { access_token: token, uid: user.f_idx, type: user.f_type };
}
