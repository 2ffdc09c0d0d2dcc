/**
 * Admin tabs and authority numbers (spec §6), reconciled into one table.
 *
 * The spec lists two numberings: admin tabs 0-11 (member, accept, point, period, write,
 * info, ads, login, sale, confirm, manage, site) and authority buttons 0-9 (member manage,
 * subscription, point manage, point setting, write manage, view member, ads manage,
 * sale log, sale request, sale completed; 10 old sale log). They line up position by
 * position, so one number names both the tab and the authority to open it:
 *
 * | no | tab     | route            | authority button (other listing)      |
 * |----|---------|------------------|---------------------------------------|
 * |  0 | member  | /admin/member    | member manage                         |
 * |  1 | accept  | /admin/accept    | subscription (sign-up approval)       |
 * |  2 | point   | /admin/point     | point manage (lock)                   |
 * |  3 | period  | /admin/period    | point setting = usage period (lock)   |
 * |  4 | write   | /admin/write     | write manage                          |
 * |  5 | info    | /admin/info      | view member / app info                |
 * |  6 | ads     | /admin/ads       | ads manage                            |
 * |  7 | login   | /admin/login     | sale log = login log                  |
 * |  8 | sale    | /admin/salelog   | sale request (and 10 old sale log)    |
 * |  9 | confirm | /admin/confirm   | sale completed                        |
 * | 10 | manage  | /admin/manage    | super admin only, never granted       |
 * | 11 | site    | /admin/site      | always shown to every admin           |
 * | 12 | db      | /admin/db        | member table export                   |
 *
 * "old sale log" (10 in the button listing) is a view inside the sale tab, so it needs 8.
 * Which tab (and whether the lock) each admin operation needs is listed, operation by operation,
 * in server/http/admin-permissions.test.ts, which fails for an admin operation it does not list.
 */
export const AdminTab = {
  member: 0,
  accept: 1,
  point: 2,
  period: 3,
  write: 4,
  info: 5,
  ads: 6,
  login: 7,
  sale: 8,
  confirm: 9,
  manage: 10,
  site: 11,
  db: 12,
} as const;

export type AdminTab = (typeof AdminTab)[keyof typeof AdminTab];

export const adminTabRoutes: Record<AdminTab, string> = {
  0: '/admin/member',
  1: '/admin/accept',
  2: '/admin/point',
  3: '/admin/period',
  4: '/admin/write',
  5: '/admin/info',
  6: '/admin/ads',
  7: '/admin/login',
  8: '/admin/salelog',
  9: '/admin/confirm',
  10: '/admin/manage',
  11: '/admin/site',
  12: '/admin/db',
};

/** Tabs whose changing actions need the admin lock (the server marks each such operation `lock`). */
export const lockedTabs: ReadonlySet<AdminTab> = new Set([AdminTab.point, AdminTab.period, AdminTab.info]);

/** Tabs any admin may open whatever their authority list says. */
export const alwaysOpenTabs: ReadonlySet<AdminTab> = new Set([AdminTab.site]);

/** Every admin tab, in order: what the super admin holds. */
export const allTabs: readonly AdminTab[] = Object.values(AdminTab);

/** Tabs that can be granted (manage is the super admin's alone). */
export const grantableTabs: readonly AdminTab[] = allTabs.filter((tab) => tab !== AdminTab.manage);

export function parseAuthority(list: string | null | undefined): AdminTab[] {
  if (!list) return [];
  const tabs: AdminTab[] = [];
  for (const part of list.split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(n) && (grantableTabs as readonly number[]).includes(n)) {
      if (!tabs.includes(n as AdminTab)) tabs.push(n as AdminTab);
    }
  }
  return tabs;
}

export function canOpenTab({
  tab,
  authority,
  isSuperAdmin,
}: {
  tab: AdminTab;
  authority: readonly AdminTab[];
  isSuperAdmin: boolean;
}): boolean {
  if (isSuperAdmin) return true;
  if (tab === AdminTab.manage) return false;
  return alwaysOpenTabs.has(tab) || authority.includes(tab);
}
