import type { AnyRoute } from '@tanstack/react-router';
import { sessionStore } from '../api/session.ts';
import { firstSyncSettled } from '../sync/status.ts';
import { router } from './router.tsx';
import { appLayout } from './routes/root.tsx';
import { whenControlled } from './service-worker-control.ts';
import { idle, startSettled } from './start-settled.ts';

/** The signed-in screens, without the admin area. */
function memberRoutes(route: AnyRoute): AnyRoute[] {
  if (route.fullPath.startsWith('/admin')) return [];
  const children = (route.children ?? []) as AnyRoute[];
  return [route, ...children.flatMap(memberRoutes)];
}

/**
 * Once a member's start is over (`startSettled`: first screen shown, first sync ended, browser
 * idle), the code of the other member screens loads in the background from the offline cache. A
 * screen then opens at once, as when all code was one chunk: a tap on a site and a quick back
 * still open the site and record the view. Never sooner: parsing some sixty chunks while the
 * first screen's own chunk loads is what made the installed app slow to open offline.
 * Only from the offline cache: where no service worker controls the page, and for visitors'
 * and admins' screens, a screen's code is fetched when it is first opened.
 */
export function warmMemberScreens(): void {
  void startSettled()
    .then(signedIn)
    .then(() => {
      // On a first visit this waits for the service worker to install and take the page, so the
      // chunks are not fetched twice and do not slow its install down.
      whenControlled(() => void warmInTurn(memberRoutes(appLayout as AnyRoute)));
    });
}

/**
 * One screen's code per idle moment, each after the last has loaded: all at once, the sixty
 * chunks' preload links and module evaluation were one task of about 100 ms (400 ms on a phone
 * four times slower), during which a tap on the first screen waited.
 */
async function warmInTurn(routes: AnyRoute[]): Promise<void> {
  for (const route of routes) {
    await idle();
    await router.loadRouteChunk(route)?.catch(() => {});
  }
}

/** At once for a member; for a visitor, after they sign in and their first sync has ended. */
async function signedIn(): Promise<void> {
  if (sessionStore.get() ?? sessionStore.stored()) return;
  await new Promise<void>((resolve) => {
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get()) return;
      unsubscribe();
      resolve();
    });
  });
  await firstSyncSettled();
}
