import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { loadsScreens } from './lazy-screen.ts';
import { appLayout } from './root.tsx';

const NotifyScreen = lazyRouteComponent(
  () => import('../../features/notify/NotifyScreen.tsx'),
  'NotifyScreen',
);
const TodayNotifyScreen = lazyRouteComponent(
  () => import('../../features/notify/TodayNotifyScreen.tsx'),
  'TodayNotifyScreen',
);
const SiteNotifyScreen = lazyRouteComponent(
  () => import('../../features/notify/SiteNotifyScreen.tsx'),
  'SiteNotifyScreen',
);

/** A positive id as the router hands it over (query values arrive parsed as JSON: digits as a number). */
const idParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);

/** Spec §2 /notify (main tab notify 6). `open`: a notification to show at once (a push's target). */
const notify = createRoute({
  getParentRoute: () => appLayout,
  path: '/notify',
  validateSearch: (search) => v.parse(v.object({ open: idParam }), search),
  component: loadsScreens(
    function NotifyRoute() {
      const { open } = notify.useSearch();
      return <NotifyScreen open={open} />;
    },
    [NotifyScreen],
  ),
});

/** Spec §2 /notify/today: today's notifications (the home's reminder link). */
const notifyToday = createRoute({
  getParentRoute: () => appLayout,
  path: '/notify/today',
  component: TodayNotifyScreen,
});

/** Spec §2 /SiteNotify: one site's notifications, from the site detail. */
const siteNotify = createRoute({
  getParentRoute: () => appLayout,
  path: '/SiteNotify',
  validateSearch: (search) => v.parse(v.object({ site_idx: idParam }), search),
  component: loadsScreens(
    function SiteNotifyRoute() {
      const { site_idx } = siteNotify.useSearch();
      return site_idx ? <SiteNotifyScreen key={site_idx} siteIdx={site_idx} /> : null;
    },
    [SiteNotifyScreen],
  ),
});

export const notifyRoutes = [notify, notifyToday, siteNotify];
