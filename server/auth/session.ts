import { createHash, randomBytes } from 'node:crypto';
import { type AdminTab, parseAuthority } from '../../sync/admin-tabs.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { otherDeviceLogin, statusChanged, tokenEmpty, tokenExpired } from '../http/errors.ts';
import type { Session, User } from '../users/users.tables.ts';

export interface AuthInfo {
  user: User;
  session: Session;
  /** Type A, or the configured super admin phone. */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  authority: AdminTab[];
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function describeUser({ user, superAdminPhone }: { user: User; superAdminPhone: string }) {
  const isSuperAdmin = user.f_phone === superAdminPhone;
  return {
    isSuperAdmin,
    isAdmin: isSuperAdmin || user.f_type === 'A',
    authority: parseAuthority(user.f_admin_authority),
  };
}

/**
 * Turns the access-token header into the signed-in user, or throws the code the client
 * acts on: -2 no token, -3 unknown or expired, -7 replaced by another device, -9 the
 * member's status changed while signed in.
 */
export async function resolveSession({
  db,
  clock,
  token,
  superAdminPhone,
}: {
  db: Db;
  clock: Clock;
  token: string | undefined;
  superAdminPhone: string;
}): Promise<AuthInfo> {
  if (!token) throw tokenEmpty();
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) throw tokenExpired();
  if (session.ended_at) {
    if (session.end_reason === 'other_device') throw otherDeviceLogin();
    if (session.end_reason === 'status_changed') throw statusChanged();
    throw tokenExpired();
  }
  const now = clock.now();
  if (new Date(session.expires_at) <= now) throw tokenExpired();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('f_idx', '=', session.f_user_idx)
    .executeTakeFirst();
  if (!user) throw tokenExpired();
  return { user, session, ...describeUser({ user, superAdminPhone }) };
}

/** Ends every open session of a user, e.g. when an admin changes the member's status. */
export async function endSessions({
  db,
  clock,
  userIdx,
  reason,
}: {
  db: Db;
  clock: Clock;
  userIdx: number;
  reason: NonNullable<Session['end_reason']>;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: clock.now().toISOString(), end_reason: reason })
    .where('f_user_idx', '=', userIdx)
    .where('ended_at', 'is', null)
    .execute();
}
