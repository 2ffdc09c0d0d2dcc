import { allTabs } from '../../sync/admin-tabs.ts';
import type { Profile } from '../../sync/api/auth.api.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { RequestContext } from '../http/context.ts';
import { hasValidTicket } from '../points/ticket.ts';

/** getProfile's shape: what the client may show, all of it decided here. */
export async function toProfile({
  ctx,
  auth,
}: {
  ctx: Pick<RequestContext, 'db' | 'clock'>;
  auth: AuthInfo;
}): Promise<Profile> {
  const u = auth.user;
  return {
    uid: u.f_idx,
    phone: u.f_phone,
    type: u.f_type,
    name: u.f_name,
    affiliation: u.f_affiliation,
    business_card: u.f_business_card,
    point: Math.max(0, u.f_point),
    usage_date: u.f_usage_date,
    made_count: u.f_made_count,
    push_count: u.f_push_count,
    approval: u.f_approval,
    status: u.f_status,
    release_date: u.f_release_date,
    is_admin: auth.isAdmin,
    is_super_admin: auth.isSuperAdmin,
    admin_authority: auth.isSuperAdmin ? [...allTabs] : auth.authority,
    opened_by_admin: auth.openedByAdmin !== null,
    ticket_valid: auth.isAdmin || (await hasValidTicket({ ctx, user: u })),
    setting: {
      push: u.f_push,
      push_sound: u.f_push_sound,
      push_vibration: u.f_push_vibration,
      push_off_start_time: u.f_push_off_start_time,
      push_off_end_time: u.f_push_off_end_time,
    },
  };
}
