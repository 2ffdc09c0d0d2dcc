import { createRoute } from '@tanstack/react-router';
import { SyncScreen } from '../../features/sync/SyncScreen.tsx';
import { appLayout } from './root.tsx';

/** What waits to be sent, what was refused and why, and conflicts to resolve. */
const sync = createRoute({ getParentRoute: () => appLayout, path: '/sync', component: SyncScreen });

export const syncRoutes = [sync];
