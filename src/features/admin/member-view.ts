import { adminLoginCall } from '../../../sync/api/admin-members.api.ts';
import { logoutCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { type Session, sessionStore } from '../../api/session.ts';
import { navigate } from '../../lib/navigation.ts';
import { profileStore } from '../auth/profile.ts';

/**
 * An admin's look at the app as one member sees it (spec §7 adminLogin). The server opens a
 * separate session for the member's view (sessions.f_by_admin: no admin authority, audit-logged,
 * the member's own session untouched); the device switches to it and keeps the admin's session
 * aside. The sync engine binds its store to the member signed in (src/sync/engine.ts
 * bindToMember): the admin's queued changes are parked, not lost, and come back on leaving.
 */
/** Where the admin's own session waits (sessionStore.signOut forgets it with the rest). */
const RETURN_KEY = 'bt.adminReturn';

function adminReturn(): Session | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY);
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    return parsed && parsed.uid > 0 && parsed.token ? parsed : null;
  } catch {
    return null;
  }
}

function setAdminReturn(session: Session | null): void {
  if (session) localStorage.setItem(RETURN_KEY, JSON.stringify(session));
  else localStorage.removeItem(RETURN_KEY);
}

/** Opens the view of a member found by phone, or of the member who owns a listing (spec §7 adminLogin type maemul). */
export async function openMemberView({
  key,
  type,
}: {
  key: string;
  type: 'phone' | 'maemul';
}): Promise<void> {
  const own = sessionStore.get() ?? sessionStore.stored();
  const view = await api(adminLoginCall, { phone_number: key, type });
  if (own) setAdminReturn(own);
  sessionStore.signIn({ uid: view.uid, token: view.access_token });
  await profileStore.refresh();
  await navigate({ to: '/Home', replace: true });
}

/** Ends the member's view (its session only) and brings the admin back to the member tab. */
export async function leaveMemberView(): Promise<void> {
  const own = adminReturn();
  try {
    await api(logoutCall, {});
  } catch {
    // Offline or already ended: the view's session expires on its own within hours.
  }
  // The member's private pictures the service worker kept are not the admin's to keep.
  await globalThis.caches?.delete('uploads').catch(() => false);
  setAdminReturn(null);
  if (!own) {
    sessionStore.signOut();
    profileStore.clear();
    await navigate({ to: '/Login', search: {}, replace: true });
    return;
  }
  sessionStore.signIn(own);
  profileStore.clear();
  await profileStore.refresh().catch(() => null);
  const to: string = '/admin/member';
  await navigate({ to, replace: true });
}
