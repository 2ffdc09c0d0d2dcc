import { useEffect } from 'react';
import { checkSessionCall } from '../../../sync/api/auth.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';

/**
 * Spec §4: the forced-logout check is polled every 2 s, so a device replaced by another
 * sign-in learns it (-7) within 2 s even when the agent is not touching the app. The
 * client's session-ended handler does the logout.
 */
export function useSessionWatch() {
  useEffect(() => {
    let inFlight = false;
    const timer = setInterval(() => {
      if (inFlight || !sessionStore.get() || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
      inFlight = true;
      api(checkSessionCall, {})
        .catch(() => {
          // Offline or refused: a session-ending code is handled by the client itself.
        })
        .finally(() => {
          inFlight = false;
        });
    }, Limits.forcedLogoutPollMs);
    return () => clearInterval(timer);
  }, []);
}
