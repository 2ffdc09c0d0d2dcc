import type { AnyRoute } from '@tanstack/react-router';
import { sessionStore } from '../api/session.ts';
import { router } from './router.tsx';
import { appLayout } from './routes/root.tsx';
import { whenControlled } from './service-worker-control.ts';

/** The signed-in screens, without the admin area. */
function memberRoutes(route: AnyRoute): AnyRoute[] {
  if (route.fullPath.startsWith('/admin')) return [];
  const children = (route.children ?? []) as AnyRoute[];
  return [route, ...children.flatMap(memberRoutes)];
}

/** After the screen is shown and the browser is idle, so the first screen never waits for it. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}

/**
 * Once a member's first screen is shown, the code of the other member screens loads in the
 * background (from the offline cache once the service worker holds it). A screen then opens at
 * once, as when all code was one chunk: a tap on a site and a quick back still open the site
 * and record the view. The entry stays small, so the first screen is not slower for it.
 * Only from the offline cache: where no service worker controls the page, and for visitors'
 * and admins' screens, a screen's code is fetched when it is first opened.
 */
export function warmMemberScreens(): void {
  const unsubscribe = router.subscribe('onRendered', () => {
    if (!(sessionStore.get() ?? sessionStore.stored())) return;
    unsubscribe();
    // On a first visit this waits for the service worker to install and take the page, so the
    // chunks are not fetched twice and do not slow its install down.
    whenControlled(() =>
      whenIdle(() => {
        for (const route of memberRoutes(appLayout as AnyRoute)) {
          void router.loadRouteChunk(route)?.catch(() => {});
        }
      }),
    );
  });
}
