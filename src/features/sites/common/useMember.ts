import { sessionStore } from '../../../api/session.ts';
import { useProfile } from '../../auth/profile.ts';

/** Who is signed in, as far as this device knows (the profile, else the stored session). */
export function useMember(): { uid: number; isAdmin: boolean } {
  const profile = useProfile();
  const uid = profile?.uid ?? (sessionStore.get() ?? sessionStore.stored())?.uid ?? 0;
  return { uid, isAdmin: profile?.is_admin ?? false };
}
