import { msg } from '@lingui/core/macro';
import { placeholderRoute } from './placeholder.tsx';

const notify = placeholderRoute({ path: '/notify', title: msg`Notifications`, feature: msg`Notifications` });
const notifyToday = placeholderRoute({
  path: '/notify/today',
  title: msg`Today's reminders`,
  feature: msg`Notifications`,
});
const siteNotify = placeholderRoute({
  path: '/SiteNotify',
  title: msg`Site notifications`,
  feature: msg`Notifications`,
});

export const notifyRoutes = [notify, notifyToday, siteNotify];
