import type { AsyncRouteComponent } from '@tanstack/react-router';

/**
 * Gives a route component that renders lazy screens (with values it reads from the route) the
 * `preload` the router calls before it shows a route. Without it the screen's chunk would start
 * loading only mid-render, and the pending state would replace the old screen for every first
 * visit; with it the old screen stays until the new one is ready, as for a plain lazy component.
 */
export function loadsScreens<C extends object>(
  component: C,
  screens: readonly AsyncRouteComponent<never>[],
): C & { preload: () => Promise<void> } {
  return Object.assign(component, {
    // A loaded screen drops its own `preload`; only the first visit waits for anything.
    preload: async () => {
      await Promise.all(screens.map((screen) => screen.preload?.()));
    },
  });
}
