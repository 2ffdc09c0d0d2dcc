import { exitAppCall, logoutCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { navigate } from '../../lib/navigation.ts';
import { profileStore } from './profile.ts';

/** After a successful login: keep the session and fetch the profile the app runs on. */
export async function completeLogin({ token, uid, phone }: { token: string; uid: number; phone: string }) {
  sessionStore.signIn({ uid, token });
  sessionStore.savePhone(phone);
  await profileStore.refresh();
}

async function endLocally() {
  sessionStore.signOut();
  profileStore.clear();
  // Logout and withdrawal leave nothing of the member on the device: not their sites, nor the
  // pictures the service worker kept (private inlay pictures among them).
  // The device store is not part of the entry: it loads here if nothing has opened it yet.
  const { clearLocalData } = await import('../../db/db.ts');
  await clearLocalData();
  await globalThis.caches?.delete('uploads').catch(() => false);
  await navigate({ to: '/Login', search: {}, replace: true });
}

export async function logout() {
  try {
    await api(logoutCall, {});
  } catch {
    // Offline or already ended: the device forgets the session either way.
  }
  await endLocally();
}

/** Withdrawal: the server checks the typed phone; only then is the device cleared. */
export async function withdraw(phone: string) {
  await api(exitAppCall, { phone });
  await endLocally();
}
