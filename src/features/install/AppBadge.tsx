import { useEffect, useSyncExternalStore } from 'react';
import { sessionStore } from '../../api/session.ts';

type BadgingNavigator = Navigator & {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

const signedIn = () => sessionStore.get() !== null;

function show(nav: BadgingNavigator, count: number): void {
  const done = count > 0 ? nav.setAppBadge?.(count) : (nav.clearAppBadge?.() ?? nav.setAppBadge?.(0));
  // Refused (not installed, or no permission to badge): nothing to show.
  void done?.catch(() => undefined);
}

/**
 * The app icon's badge (issue 32): the unread notification count, where the browser can badge
 * an installed app (`navigator.setAppBadge`); cleared at 0 and when the member signs out. The
 * device store is read through its own chunk, and only while a member is signed in: a first
 * visit's sign-in screen does not load it.
 */
export function AppBadge() {
  const member = useSyncExternalStore(sessionStore.subscribe, signedIn, signedIn);
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    if (typeof nav.setAppBadge !== 'function') return;
    if (!member) {
      show(nav, 0);
      return;
    }
    let live = true;
    let stop = () => {};
    void import('./unread-watch.ts').then(({ watchUnread }) => {
      if (live) stop = watchUnread((count) => show(nav, count));
    });
    return () => {
      live = false;
      stop();
    };
  }, [member]);
  return null;
}
