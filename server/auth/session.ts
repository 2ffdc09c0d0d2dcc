import { createHash, randomBytes } from 'node:crypto';
import { type AdminTab, parseAuthority } from '../../sync/admin-tabs.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { otherDeviceLogin, statusChanged, tokenEmpty, tokenExpired } from '../http/errors.ts';
import type { Session, User } from '../users/users.tables.ts';
import { endOpenSessions, findSessionRow } from './session.repository.ts';

export interface AuthInfo {
  user: User;
  session: Session;
  /** Type A, or the configured super admin phone; never on a member's view opened by an admin. */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  authority: AdminTab[];
  /** The admin who opened this session as the member's view (adminLogin), else null. */
  openedByAdmin: number | null;
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

interface Opener {
  f_type: 'U' | 'A' | null;
  f_phone: string | null;
  f_status: string | null;
  f_withdrawn_time: string | null;
}

function splitRow(row: Record<string, unknown>): { session: Session; user: User | null; opener: Opener } {
  const session: Record<string, unknown> = {};
  const opener: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('s__')) session[key.slice(3)] = value;
    else if (key.startsWith('a__')) opener[key.slice(3)] = value;
    else user[key] = value;
  }
  return {
    session: session as unknown as Session,
    user: user.f_idx === null ? null : (user as unknown as User),
    opener: opener as unknown as Opener,
  };
}

/** A member's view lasts while the admin who opened it is an admin in good standing. */
function openerStillAdmin({ opener, superAdminPhone }: { opener: Opener; superAdminPhone: string }): boolean {
  if (opener.f_withdrawn_time !== null || opener.f_status !== 'N') return false;
  return opener.f_type === 'A' || (opener.f_phone !== null && opener.f_phone === superAdminPhone);
}

/**
 * Turns the access-token header into the signed-in user, or throws the code the client
 * acts on: -2 no token, -3 unknown or expired, -7 replaced by another device (or the token
 * used from a device it was not issued to), -9 the member's status changed while signed in.
 */
export async function resolveSession({
  db,
  clock,
  token,
  deviceId,
  superAdminPhone,
}: {
  db: DbOrTx;
  clock: Clock;
  token: string | undefined;
  /**
   * The device id the request names: a token works only from the device it was issued to
   * (another gives -7). `null` where no device can be named: the /uploads cookie, which
   * JavaScript cannot read and the browser sends only to this site.
   */
  deviceId: string | undefined | null;
  superAdminPhone: string;
}): Promise<AuthInfo> {
  if (!token) throw tokenEmpty();
  const row = await findSessionRow({ db, tokenHash: hashToken(token) });
  if (!row) throw tokenExpired();
  const { session, user, opener } = splitRow(row);
  if (session.ended_at) {
    if (session.end_reason === 'other_device') throw otherDeviceLogin();
    if (session.end_reason === 'status_changed') throw statusChanged();
    throw tokenExpired();
  }
  if (new Date(session.expires_at) <= clock.now()) throw tokenExpired();
  if (!user) throw tokenExpired();
  // A token copied off its device is refused as if that device had signed in elsewhere.
  if (deviceId !== null && deviceId !== session.device_id) throw otherDeviceLogin();
  if (session.f_by_admin !== null) {
    if (!openerStillAdmin({ opener, superAdminPhone })) throw tokenExpired();
    // A member's view opened by an admin acts as that member and nothing more, whoever the member is.
    return {
      user,
      session,
      isAdmin: false,
      isSuperAdmin: false,
      authority: [],
      openedByAdmin: session.f_by_admin,
    };
  }
  return { user, session, ...describeUser({ user, superAdminPhone }), openedByAdmin: null };
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
  await endOpenSessions({ db, userIdx, time: clock.now().toISOString(), reason });
}
