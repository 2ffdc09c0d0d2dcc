import { useEffect } from 'react';
import { useProfile } from '../auth/profile.ts';

/**
 * Keeps this device subscribed while the member takes pushes: once a signed-in, approved member
 * whose push is on has granted permission before, the app subscribes again at each start (a
 * browser may have renewed or dropped the subscription; the server keeps one per device).
 * Never asks for permission: that happens only when the member turns push on.
 */
export function PushOnStart() {
  const profile = useProfile();
  const wanted =
    profile !== null &&
    profile.approval === 'A' &&
    // An admin looking through a member's view: this phone is the admin's, not the member's.
    !profile.opened_by_admin &&
    profile.setting.push !== 'N' &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted';
  useEffect(() => {
    if (!wanted) return;
    void import('./device-push.ts')
      .then(({ subscribeDevice }) => subscribeDevice({ ask: false }))
      .catch(() => undefined);
  }, [wanted]);
  return null;
}
