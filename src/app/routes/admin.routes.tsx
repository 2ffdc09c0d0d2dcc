import { msg } from '@lingui/core/macro';
import {
  createRoute,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { profileStore } from '../../features/auth/profile.ts';
import { i18n } from '../../i18n/i18n.ts';
import { Placeholder } from '../../ui/Placeholder.tsx';
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

const later = (title: ReturnType<typeof msg>) => () => (
  <Placeholder title={i18n._(title)} feature={i18n._(msg`Admin back office`)} />
);

const adminScreen = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => admin, path, component });

const write = createRoute({ getParentRoute: () => admin, path: 'write', component: Outlet });
const writeScreen = (path: string, title: ReturnType<typeof msg>) =>
  createRoute({ getParentRoute: () => write, path, component: later(title) });

export const adminRoutes = [
  admin.addChildren([
    adminIndex,
    adminScreen('site', AdminSiteScreen),
    adminScreen('member', MemberScreen),
    adminScreen('accept', AcceptScreen),
    adminScreen('point', PointScreen),
    adminScreen('period', PeriodScreen),
    write.addChildren([
      writeScreen('/', msg`Posts`),
      writeScreen('update_sale', msg`Updated sales`),
      writeScreen('sale', msg`Sales`),
      writeScreen('notice', msg`Notices`),
      writeScreen('community', msg`Community posts`),
    ]),
    adminScreen('info', later(msg`App information`)),
    adminScreen('ads', later(msg`Ads`)),
    adminScreen('login', LoginLogScreen),
    adminScreen('salelog', later(msg`Sale requests`)),
    adminScreen('confirm', later(msg`Sale completions`)),
    adminScreen('manage', ManageScreen),
    adminScreen('db', later(msg`Member export`)),
  ]),
];
