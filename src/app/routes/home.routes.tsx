import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayout } from './root.tsx';

// Home loads lazily like every screen since it carries the home feed (logo, ads, monthly new
// sites). Every launch shows Splash for at least 2 s first, and once Splash is up with a stored
// session the member screens' chunks load from the offline cache (src/app/warm-screens.ts), Home's
// among them, so the home does not wait for its code.
const homeChunk = () => import('../../features/home/HomeScreen.tsx');
const HomeScreen = lazyRouteComponent(homeChunk, 'HomeScreen');
const home = createRoute({ getParentRoute: () => appLayout, path: '/Home', component: HomeScreen });

// Monthly new sites (spec §2 /MonthlySale).
const MonthlySaleScreen = lazyRouteComponent(homeChunk, 'MonthlySaleRoute');
const monthlySale = createRoute({
  getParentRoute: () => appLayout,
  path: '/MonthlySale',
  component: MonthlySaleScreen,
});

export const homeRoutes = [home, monthlySale];
