import { createRoute, lazyRouteComponent, type RouteComponent, redirect } from '@tanstack/react-router';
import { profileStore } from '../../features/auth/profile.ts';
import { appLayout } from './root.tsx';

/**
 * The back office. The screens only mirror authority: every admin call is checked by the
 * server. A member who is not an admin is sent home.
 */
// Only admins open these: each screen, and the layout, loads on first use.
const AdminLayout = lazyRouteComponent(() => import('../../features/admin/AdminLayout.tsx'), 'AdminLayout');
const AdminSiteScreen = lazyRouteComponent(
  () => import('../../features/admin/sites/AdminSiteScreen.tsx'),
  'AdminSiteScreen',
);
const MemberScreen = lazyRouteComponent(
  () => import('../../features/admin/MemberScreen.tsx'),
  'MemberScreen',
);
const AcceptScreen = lazyRouteComponent(
  () => import('../../features/admin/AcceptScreen.tsx'),
  'AcceptScreen',
);
const PointScreen = lazyRouteComponent(() => import('../../features/admin/PointScreen.tsx'), 'PointScreen');
const PeriodScreen = lazyRouteComponent(
  () => import('../../features/admin/PeriodScreen.tsx'),
  'PeriodScreen',
);
const LoginLogScreen = lazyRouteComponent(
  () => import('../../features/admin/LoginLogScreen.tsx'),
  'LoginLogScreen',
);
const ManageScreen = lazyRouteComponent(
  () => import('../../features/admin/ManageScreen.tsx'),
  'ManageScreen',
);

const ConfirmScreen = lazyRouteComponent(
  () => import('../../features/admin/reports/ConfirmScreen.tsx'),
  'ConfirmScreen',
);
const SaleLogScreen = lazyRouteComponent(
  () => import('../../features/admin/reports/SaleLogScreen.tsx'),
  'SaleLogScreen',
);

// Community and inquiries
const AdminWriteScreen = lazyRouteComponent(
  () => import('../../features/admin/write/AdminWriteScreen.tsx'),
  'AdminWriteScreen',
);

// Admin db: table exports
const DbScreen = lazyRouteComponent(() => import('../../features/admin/DbScreen.tsx'), 'DbScreen');

// Home and app settings: the info and ads tabs.
const adminHomeScreens = () => import('../../features/admin/home/screens.ts');
const InfoScreen = lazyRouteComponent(adminHomeScreens, 'InfoScreen');
const AdsScreen = lazyRouteComponent(adminHomeScreens, 'AdsScreen');

const admin = createRoute({
  getParentRoute: () => appLayout,
  path: '/admin',
  component: AdminLayout,
  beforeLoad: async () => {
    const profile = profileStore.get() ?? (await profileStore.refresh().catch(() => null));
    if (!profile?.is_admin) throw redirect({ to: '/Home' });
  },
});

const adminIndex = createRoute({
  getParentRoute: () => admin,
  path: '/',
  beforeLoad: async () => {
    // The tab list loads with the admin area, not with the entry chunk.
    const { firstAdminTabRoute } = await import('../../features/admin/admin-tabs.ts');
    throw redirect({ to: firstAdminTabRoute(profileStore.get()) });
  },
});

const adminScreen = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => admin, path, component });

// Community and inquiries
const write = createRoute({ getParentRoute: () => admin, path: 'write' });
const writeIndex = createRoute({
  getParentRoute: () => write,
  path: '/',
  beforeLoad: () => {
    // The admin routes are not in the router's path types (composed in a plain list), as for adminIndex.
    const to: string = '/admin/write/community';
    throw redirect({ to });
  },
});
// The view (community, notice, inquire) is read by the screen itself, so nothing of it is in the entry.
const writeView = createRoute({ getParentRoute: () => write, path: '$view', component: AdminWriteScreen });

export const adminRoutes = [
  admin.addChildren([
    adminIndex,
    adminScreen('site', AdminSiteScreen),
    adminScreen('member', MemberScreen),
    adminScreen('accept', AcceptScreen),
    adminScreen('point', PointScreen),
    adminScreen('period', PeriodScreen),
    adminScreen('login', LoginLogScreen),
    adminScreen('manage', ManageScreen),
    // Reports
    adminScreen('salelog', SaleLogScreen),
    adminScreen('confirm', ConfirmScreen),
    // Community and inquiries (write tab): /admin/write opens the community view.
    write.addChildren([writeIndex, writeView]),
    // Admin db: table exports
    adminScreen('db', DbScreen),
    // Home and app settings
    adminScreen('info', InfoScreen),
    adminScreen('ads', AdsScreen),
  ]),
];
