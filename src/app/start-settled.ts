import type { AnyRouter } from '@tanstack/react-router';
import { sessionStore } from '../api/session.ts';
import { firstSyncSettled } from '../sync/status.ts';
import { applyWebFont } from './web-font.ts';

/**
 * The start is over: the first screen is shown (the router has rendered a resolved location),
 * a signed-in member's first sync has ended, and the browser is idle. What a thin link or a slow
 * phone should not carry while the agent waits starts only then: the service worker's install
 * (its precache of every screen, the map code and the font subsets; `AfterStart`), and the
 * background loading of the other screens' code (`warm-screens.ts`). A first sync too large for
 * the link holds it back at most `SYNC_WAIT_CAP_MS`.
 */
const SYNC_WAIT_CAP_MS = 60_000;
const IDLE_TIMEOUT_MS = 2_000;

let markFirstScreen: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  markFirstScreen = resolve;
});

/** The first screen is shown once the router has rendered it and it is mounted (FirstScreenInTurn). */
const shown = { routed: false, mounted: false };
function firstScreenShown(): void {
  if (!shown.routed || !shown.mounted) return;
  markFirstScreen();
  // Once this frame is painted (web-font.ts).
  requestAnimationFrame(() => setTimeout(applyWebFont));
}

/** Called by FirstScreenInTurn once the first screen is mounted; later calls do nothing. */
export function firstScreenMounted(): void {
  if (shown.mounted) return;
  shown.mounted = true;
  firstScreenShown();
}

/**
 * Watches the app's router for the first screen (main.tsx hands it over at start: this module is
 * also read from AfterStart, inside the router's own tree, so it does not import the router).
 */
export function watchFirstScreen(router: AnyRouter): void {
  const unsubscribe = router.subscribe('onRendered', () => {
    if (router.state.status !== 'idle' || router.state.isLoading) return;
    unsubscribe();
    shown.routed = true;
    firstScreenShown();
  });
}

/** Resolves when the browser is next idle (at most `IDLE_TIMEOUT_MS` later). */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });
}

const settled = (async () => {
  await firstScreen;
  if (sessionStore.get() ?? sessionStore.stored()) {
    await Promise.race([firstSyncSettled(), new Promise((r) => setTimeout(r, SYNC_WAIT_CAP_MS))]);
  }
  await idle();
})();

/** Settles once the start is over (see above); at once on every later call. */
export function startSettled(): Promise<void> {
  return settled;
}
