import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/HomeScreen.tsx';
import { placeholderRoute } from './placeholder.tsx';
import { appLayout } from './root.tsx';

// Home is a member's first screen and stays in the entry (lazy it would save 0.3 kB gzip and cost
// a request before the first screen). The screens it links to load on first use.
const home = createRoute({ getParentRoute: () => appLayout, path: '/Home', component: HomeScreen });
const monthlySale = placeholderRoute({
  path: '/MonthlySale',
  title: msg`New sites this month`,
  feature: msg`Home feed`,
});

export const homeRoutes = [home, monthlySale];
