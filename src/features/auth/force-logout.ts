import { sessionStore } from '../../api/session.ts';
import { navigate } from '../../lib/navigation.ts';
import { profileStore } from './profile.ts';

// Apart from the other account actions (auth-actions.ts): the app registers this one at start, so
// it is the only one in the first download.

/**
 * Spec §4 forced logout (code -7, or any code that ends the session): clears the profile,
 * the saved phone and code, and shows the login screen with the server's message. The
 * offline store is kept: changes still waiting to sync belong to this member and go out
 * when they sign in again.
 */
export function forceLogout(message: string) {
  if (!sessionStore.get() && !sessionStore.stored()) return;
  sessionStore.signOut();
  profileStore.clear();
  sessionStore.setForcedLogout(message);
  void navigate({ to: '/Login', search: {}, replace: true });
}
