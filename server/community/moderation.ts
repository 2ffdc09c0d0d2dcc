import { AdminTab, canOpenTab } from '../../sync/admin-tabs.ts';
import type { AuthInfo } from '../auth/session.ts';

/**
 * Who moderates the community and inquiry boards (spec §6 "admin" there): an admin holding the
 * write tab (write manage, 4). They write notices, edit and delete any post or comment, see the
 * phone and name behind anonymous writing, open secret inquiries and answer them. The one place
 * both boards ask.
 */
export function moderates(auth: AuthInfo | null): boolean {
  if (!auth?.isAdmin) return false;
  return canOpenTab({ tab: AdminTab.write, authority: auth.authority, isSuperAdmin: auth.isSuperAdmin });
}
