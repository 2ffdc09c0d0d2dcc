import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/HomeScreen.tsx';
import { placeholderRoute } from './placeholder.tsx';
import { appLayout } from './root.tsx';

const home = createRoute({ getParentRoute: () => appLayout, path: '/Home', component: HomeScreen });
const monthlySale = placeholderRoute({
  path: '/MonthlySale',
  title: msg`New sites this month`,
  feature: msg`Home feed`,
});

export const homeRoutes = [home, monthlySale];
