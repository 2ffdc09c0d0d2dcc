import { describe, expect, it } from 'vitest';
import { AdminTab, adminTabRoutes, canOpenTab, grantableTabs, parseAuthority } from './admin-tabs.ts';

describe('admin tabs and authority (spec §6, both numberings in one table)', () => {
  it('names each tab and the authority button at the same number', () => {
    // Tabs 0-11 as the first listing orders them; the button listing's 0-9 line up with 0-9.
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => adminTabRoutes[n as AdminTab])).toEqual([
      '/admin/member',
      '/admin/accept',
      '/admin/point',
      '/admin/period',
      '/admin/write',
      '/admin/info',
      '/admin/ads',
      '/admin/login',
      '/admin/salelog',
      '/admin/confirm',
      '/admin/manage',
      '/admin/site',
    ]);
  });

  it('reads an authority list in its order, the first being the starting tab, without manage or unknown numbers', () => {
    expect(parseAuthority('6, 5,0,6,10,42,x,')).toEqual([AdminTab.ads, AdminTab.info, AdminTab.member]);
    expect(parseAuthority('')).toEqual([]);
    expect(grantableTabs).not.toContain(AdminTab.manage);
  });

  it('opens the site tab to every admin, manage to the super admin only, the rest by authority', () => {
    const admin = { authority: [AdminTab.ads], isSuperAdmin: false };
    expect(canOpenTab({ tab: AdminTab.site, ...admin })).toBe(true);
    expect(canOpenTab({ tab: AdminTab.ads, ...admin })).toBe(true);
    expect(canOpenTab({ tab: AdminTab.info, ...admin })).toBe(false);
    expect(canOpenTab({ tab: AdminTab.manage, authority: grantableTabs, isSuperAdmin: false })).toBe(false);
    for (const tab of Object.values(AdminTab)) {
      expect(canOpenTab({ tab, authority: [], isSuperAdmin: true })).toBe(true);
    }
  });
});
