import { createRoute } from '@tanstack/react-router';
import { MoreScreen } from '../../features/more/MoreScreen.tsx';
import { appLayout } from './root.tsx';

const more = createRoute({ getParentRoute: () => appLayout, path: '/More', component: MoreScreen });

export const moreRoutes = [more];
