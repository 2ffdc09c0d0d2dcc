import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayout } from './root.tsx';

// Notifications (spec §2 Notify). The screens read and check their own search values (`open`,
// `site_idx`: search-params.ts), so these routes stay a few bytes in the entry chunk.
const screens = () => import('../../features/notify/screens.ts');
const NotifyScreen = lazyRouteComponent(screens, 'NotifyScreen');
const TodayNotifyScreen = lazyRouteComponent(screens, 'TodayNotifyScreen');
const SiteNotifyScreen = lazyRouteComponent(screens, 'SiteNotifyRoute');

export const notifyRoutes = [
  // /notify?open=<idx>: a push's target opens that notification's detail.
  createRoute({
    getParentRoute: () => appLayout,
    path: '/notify',
    component: NotifyScreen,
  }),
  createRoute({ getParentRoute: () => appLayout, path: '/notify/today', component: TodayNotifyScreen }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/SiteNotify',
    component: SiteNotifyScreen,
  }),
];
