import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayout } from './root.tsx';

const SiteReportScreen = lazyRouteComponent(
  () => import('../../features/reports/SiteReportScreen.tsx'),
  'SiteReportScreen',
);

/** Spec §2 /SiteReport: report a site, unregistered-site reports, report results. */
const siteReport = createRoute({
  getParentRoute: () => appLayout,
  path: '/SiteReport',
  component: SiteReportScreen,
});

export const reportsRoutes = [siteReport];
