import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * Navigation for code outside components (a forced logout, leaving an admin's member view).
 * Features never import the router (src/app imports them, not the other way round): the app
 * registers its router's navigate here as it creates it (src/app/router.tsx), before anything
 * renders, and actions call `navigate` with the router's own typed options.
 */

/** The router's navigate, typed by the routes the app registers. */
type Navigate = RegisteredRouter['navigate'];

let registered: Navigate | undefined;

/** The app's router registers itself once, when it is created. */
export function registerNavigation(navigate: Navigate): void {
  registered = navigate;
}

/** Goes to a route of the app. */
export const navigate: Navigate = (options) => (registered as Navigate)(options);
