import { AdminTab, canOpenTab } from '../../sync/admin-tabs.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { type AuthInfo, resolveSession } from '../auth/session.ts';
import { seoulDate } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import { requireTicket } from '../points/ticket.ts';
import type { RequestContext } from './context.ts';
import { forbidden, ruleViolation } from './errors.ts';
import type { Message } from './messages.ts';

/**
 * Who may call an operation or run an offline operation. The server decides; the UI only
 * mirrors it. Routes (server/http/operation.ts) and pushed mutations (server/sync) declare
 * an Access and both are checked by `checkAccess`, so a refusal reads the same either way.
 * - public: anyone (auth calls, app info).
 * - session: any signed-in account, including one still under review.
 * - member: an approved member (or an admin).
 * - admin: an admin holding the tab's authority ('any' for every admin); `lock` needs
 *   the admin lock opened in this session (points, periods, protected settings).
 * `write` refuses write-limited (WL) members; `ticket` needs a valid usage ticket
 * (spec §6: map search, notification send and community post).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; write?: boolean }
  | { kind: 'member'; write?: boolean; ticket?: boolean }
  | { kind: 'admin'; tab: AdminTab | 'any'; lock?: boolean; write?: boolean };

/** The signed-in caller of a request, or the refusal (-2, -3, -7, -9) when there is none. */
export function resolveAuth(ctx: RequestContext): Promise<AuthInfo> {
  return resolveSession({
    db: ctx.db,
    clock: ctx.clock,
    token: ctx.accessToken,
    deviceId: ctx.deviceId,
    superAdminPhone: ctx.config.superAdminPhone,
  });
}

/**
 * The admin lock (spec §4) is open in this session at `now`, or the refusal. Operations marked
 * `lock` pass through it; a service whose lock depends on the input (updateAppInfo) calls it.
 */
export function requireAdminLock({
  auth,
  now,
  message = authMessages.adminLocked,
}: {
  auth: AuthInfo;
  now: Date;
  message?: Message;
}): void {
  const until = auth.session.admin_unlocked_until;
  if (!until || new Date(until) <= now) throw forbidden(message);
}

/** Throws the refusal when `auth` may not do what `access` asks, at `now`. */
export async function checkAccess({
  access,
  auth,
  db,
  now,
}: {
  access: Exclude<Access, { kind: 'public' }>;
  auth: AuthInfo;
  /** Where the ticket's setting is read: the request's database, or the push's transaction. */
  db: DbOrTx;
  now: Date;
}): Promise<void> {
  if (access.kind === 'admin') {
    if (!auth.isAdmin) throw forbidden(authMessages.adminOnly);
    if (
      access.tab !== 'any' &&
      !canOpenTab({ tab: access.tab, authority: auth.authority, isSuperAdmin: auth.isSuperAdmin })
    ) {
      throw forbidden(
        access.tab === AdminTab.manage ? authMessages.superAdminOnly : authMessages.noAuthority,
      );
    }
    if (access.lock) requireAdminLock({ auth, now });
  }
  if (access.kind === 'member' && !auth.isAdmin && auth.user.f_approval !== 'A') {
    throw ruleViolation(authMessages.signupUnderReview, { status: 403 });
  }
  if (access.write && auth.user.f_status === 'WL' && auth.user.f_release_date) {
    if (new Date(auth.user.f_release_date) > now) {
      throw ruleViolation(authMessages.writeLimited, {
        status: 403,
        // The release instant is Seoul midnight: its Seoul date, not the UTC one (a day early).
        params: { date: seoulDate(new Date(auth.user.f_release_date)) },
      });
    }
  }
  // After the write limit: a write-limited member hears why, not an offer to buy a ticket.
  if (access.kind === 'member' && access.ticket && !auth.isAdmin) {
    await requireTicket({ ctx: { db, clock: { now: () => now } }, user: auth.user });
  }
}
