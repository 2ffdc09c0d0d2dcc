import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { countUnread } from '../notify/unread.ts';

type BadgingNavigator = Navigator & {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * The app icon's badge (issue 32): the unread notification count, where the browser can badge
 * an installed app (`navigator.setAppBadge`); cleared at 0, so also when the member signs out
 * (the device's inbox is cleared with the rest).
 */
export function AppBadge() {
  const unread = useLiveQuery(countUnread, []);
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    if (unread === undefined || typeof nav.setAppBadge !== 'function') return;
    const done = unread > 0 ? nav.setAppBadge(unread) : (nav.clearAppBadge?.() ?? nav.setAppBadge(0));
    // Refused (not installed, or no permission to badge): nothing to show.
    void done.catch(() => undefined);
  }, [unread]);
  return null;
}
