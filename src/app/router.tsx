import { createRouter } from '@tanstack/react-router';
import { registerNavigation } from '../lib/navigation.ts';
import { RouteError, RouteNotFound, RoutePending } from './route-states.tsx';
import { adminRoutes } from './routes/admin.routes.tsx';
import { authRoutes } from './routes/auth.routes.tsx';
// Community and inquiries
import { communityRoutes, inquireRoutes } from './routes/community.routes.tsx';
import { homeRoutes } from './routes/home.routes.tsx';
import { mapRoutes } from './routes/map.routes.tsx';
import { moreRoutes } from './routes/more.routes.tsx';
// Notifications (spec §2 Notify).
import { notifyRoutes } from './routes/notify.routes.tsx';
import { reportsRoutes } from './routes/reports.routes.tsx';
import { appLayout, publicLayout, rootRoute } from './routes/root.tsx';
import { sitesRoutes } from './routes/sites.routes.tsx';
import { syncRoutes } from './routes/sync.routes.tsx';

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([...authRoutes, ...inquireRoutes]),
  appLayout.addChildren([
    ...homeRoutes,
    ...sitesRoutes,
    ...mapRoutes,
    ...moreRoutes,
    ...adminRoutes,
    ...syncRoutes,
    ...reportsRoutes,
    ...communityRoutes,
    // Notifications (spec §2 Notify).
    ...notifyRoutes,
  ]),
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: false,
    caseSensitive: false,
    // Screens load on first use. The old screen stays while a chunk loads; a load slower than
    // pendingMs shows the light pending state (a chunk from the offline cache takes a few ms).
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
  });
}

/** The app's one router; actions outside components (forced logout) navigate through it (src/lib/navigation.ts). */
export const router = createAppRouter();
registerNavigation(router.navigate);

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
