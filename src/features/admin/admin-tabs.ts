import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AdminTab, adminTabRoutes, lockedTabs } from '../../../sync/admin-tabs.ts';
import type { Profile } from '../../../sync/api/auth.api.ts';

export const adminTabLabels: Record<AdminTab, MessageDescriptor> = {
  [AdminTab.member]: msg`Members`,
  [AdminTab.accept]: msg`Sign-up approval`,
  [AdminTab.point]: msg`Points`,
  [AdminTab.period]: msg`Usage periods`,
  [AdminTab.write]: msg`Posts`,
  [AdminTab.info]: msg`App information`,
  [AdminTab.ads]: msg`Ads`,
  [AdminTab.login]: msg`Login log`,
  [AdminTab.sale]: msg`Sale requests`,
  [AdminTab.confirm]: msg`Report decisions`,
  [AdminTab.manage]: msg`Admin authority`,
  [AdminTab.site]: msg`Site management`,
  [AdminTab.db]: msg`Member export`,
};

/** The tabs the app has a screen for; a tab without one is not offered, whatever the authority. */
const tabsWithScreens: ReadonlySet<AdminTab> = new Set([
  AdminTab.member,
  AdminTab.accept,
  AdminTab.point,
  AdminTab.period,
  AdminTab.login,
  // Reports
  AdminTab.sale,
  AdminTab.confirm,
  // Community and inquiries
  AdminTab.write,
  AdminTab.manage,
  AdminTab.site,
  // Admin db: table exports
  AdminTab.db,
  // Home and app settings
  AdminTab.info,
  AdminTab.ads,
]);

/** The tabs this admin sees, in their authority order (the first is the starting tab); site is always there. */
export function visibleAdminTabs(profile: Profile | null): AdminTab[] {
  if (!profile?.is_admin) return [];
  const tabs = (profile.admin_authority as AdminTab[]).filter((t) => tabsWithScreens.has(t));
  if (!tabs.includes(AdminTab.site)) tabs.push(AdminTab.site);
  if (profile.is_super_admin && !tabs.includes(AdminTab.manage)) tabs.push(AdminTab.manage);
  return tabs;
}

/** Where /admin opens for this admin: the first tab of their authority (site management at least). */
export function firstAdminTabRoute(profile: Profile | null): string {
  return adminTabRoutes[visibleAdminTabs(profile)[0] ?? AdminTab.site];
}

export { adminTabRoutes, lockedTabs };
