import { AdminTab, canOpenTab } from '../../../sync/admin-tabs.ts';
import type { Profile } from '../../../sync/api/auth.api.ts';

/**
 * Whether the member moderates the boards (the write tab; the server's rule is
 * server/community/moderation.ts). The screen only mirrors it: notice category, bulk delete.
 */
export function isModerator(profile: Profile | null): boolean {
  if (!profile?.is_admin) return false;
  return canOpenTab({
    tab: AdminTab.write,
    authority: profile.admin_authority as AdminTab[],
    isSuperAdmin: profile.is_super_admin,
  });
}
