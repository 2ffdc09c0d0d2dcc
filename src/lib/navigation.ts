import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * Navigation for code outside components (a forced logout, leaving an admin's member view).
 * Features never import the router (src/app imports them, not the other way round): the app
 * registers its router's navigate here when it creates it (src/app/router.tsx), and actions
 * call `navigate` with the same typed options as the router's.
 */

/** The router's own navigate, typed by the routes the app registers (src/app/router.tsx). */
type Navigate = RegisteredRouter['navigate'];

let registered: Navigate | null = null;

/** The app's router registers itself once, when it is created. */
export function registerNavigation(navigate: Navigate): void {
  registered = navigate;
}

/** Goes to a route of the app; the router is registered before any screen can act. */
export const navigate: Navigate = (options) => {
  if (!registered) throw new Error('navigation used before the app registered its router');
  return registered(options);
};
