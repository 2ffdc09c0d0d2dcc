import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayout } from './root.tsx';

const SyncScreen = lazyRouteComponent(() => import('../../features/sync/SyncScreen.tsx'), 'SyncScreen');

/** What waits to be sent, what was refused and why, and conflicts to resolve. */
const sync = createRoute({ getParentRoute: () => appLayout, path: '/sync', component: SyncScreen });

export const syncRoutes = [sync];
