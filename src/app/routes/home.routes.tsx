import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/HomeScreen.tsx';
import { appLayout } from './root.tsx';

// Home is a member's first screen and stays in the entry (lazy it would save 0.3 kB gzip and cost
// a request before the first screen). The screens it links to load on first use.
const home = createRoute({ getParentRoute: () => appLayout, path: '/Home', component: HomeScreen });
export const homeRoutes = [home];
