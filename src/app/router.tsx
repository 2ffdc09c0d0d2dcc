import { createRouter } from '@tanstack/react-router';
import { adminRoutes } from './routes/admin.routes.tsx';
import { authRoutes } from './routes/auth.routes.tsx';
import { communityRoutes } from './routes/community.routes.tsx';
import { homeRoutes } from './routes/home.routes.tsx';
import { mapRoutes } from './routes/map.routes.tsx';
import { moreRoutes } from './routes/more.routes.tsx';
import { notifyRoutes } from './routes/notify.routes.tsx';
import { appLayout, publicLayout, rootRoute } from './routes/root.tsx';
import { sitesRoutes } from './routes/sites.routes.tsx';

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(authRoutes),
  appLayout.addChildren([
    ...homeRoutes,
    ...sitesRoutes,
    ...mapRoutes,
    ...communityRoutes,
    ...notifyRoutes,
    ...moreRoutes,
    ...adminRoutes,
  ]),
]);

export function createAppRouter() {
  return createRouter({ routeTree, defaultPreload: false, caseSensitive: false });
}

/** The app's one router; actions outside components (forced logout) navigate through it. */
export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
