import { msg } from '@lingui/core/macro';
import { createRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from './placeholder.tsx';
import { appLayout } from './root.tsx';

const admin = createRoute({ getParentRoute: () => appLayout, path: '/admin', component: Outlet });

const adminScreen = (path: string, title: ReturnType<typeof msg>) =>
  createRoute({
    getParentRoute: () => admin,
    path,
    component: () => <PlaceholderScreen title={title} feature={msg`Admin back office`} />,
  });

const write = createRoute({ getParentRoute: () => admin, path: 'write', component: Outlet });
const writeScreen = (path: string, title: ReturnType<typeof msg>) =>
  createRoute({
    getParentRoute: () => write,
    path,
    component: () => <PlaceholderScreen title={title} feature={msg`Admin back office`} />,
  });

export const adminRoutes = [
  admin.addChildren([
    adminScreen('site', msg`Site management`),
    adminScreen('member', msg`Members`),
    adminScreen('accept', msg`Sign-up approval`),
    adminScreen('point', msg`Points`),
    adminScreen('period', msg`Usage periods`),
    write.addChildren([
      writeScreen('/', msg`Posts`),
      writeScreen('update_sale', msg`Updated sales`),
      writeScreen('sale', msg`Sales`),
      writeScreen('notice', msg`Notices`),
      writeScreen('community', msg`Community posts`),
    ]),
    adminScreen('info', msg`App information`),
    adminScreen('ads', msg`Ads`),
    adminScreen('login', msg`Login log`),
    adminScreen('salelog', msg`Sale requests`),
    adminScreen('confirm', msg`Sale completions`),
    adminScreen('manage', msg`Admin authority`),
    adminScreen('db', msg`Member export`),
  ]),
];
