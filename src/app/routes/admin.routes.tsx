import { msg } from '@lingui/core/macro';
import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminTab, adminTabRoutes } from '../../../sync/admin-tabs.ts';
import { AcceptScreen } from '../../features/admin/AcceptScreen.tsx';
import { AdminLayout } from '../../features/admin/AdminLayout.tsx';
import { visibleAdminTabs } from '../../features/admin/admin-tabs.ts';
import { LoginLogScreen } from '../../features/admin/LoginLogScreen.tsx';
import { ManageScreen } from '../../features/admin/ManageScreen.tsx';
import { MemberScreen } from '../../features/admin/MemberScreen.tsx';
import { PeriodScreen } from '../../features/admin/PeriodScreen.tsx';
import { PointScreen } from '../../features/admin/PointScreen.tsx';
import { AdminSiteScreen } from '../../features/admin/sites/AdminSiteScreen.tsx';
import { profileStore } from '../../features/auth/profile.ts';
import { i18n } from '../../i18n/i18n.ts';
import { Placeholder } from '../../ui/Placeholder.tsx';
import { appLayout } from './root.tsx';

/**
 * The back office. The screens only mirror authority: every admin call is checked by the
 * server. A member who is not an admin is sent home.
 */
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
  beforeLoad: () => {
    const first = visibleAdminTabs(profileStore.get())[0] ?? AdminTab.site;
    throw redirect({ to: adminTabRoutes[first] });
  },
});

const later = (title: ReturnType<typeof msg>) => () => (
  <Placeholder title={i18n._(title)} feature={i18n._(msg`Admin back office`)} />
);

const adminScreen = (path: string, component: () => React.ReactNode) =>
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
