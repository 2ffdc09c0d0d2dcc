import * as v from 'valibot';
import { int, maybe, page, str, time, yn } from './answer-fields.ts';

export const adminUser = v.strictObject({
  f_idx: int,
  f_type: v.picklist(['U', 'A']),
  f_phone: str,
  f_name: str,
  f_affiliation: str,
  f_business_card: maybe(str),
  f_point: int,
  f_usage_date: maybe(time),
  f_made_count: int,
  f_push_count: int,
  f_admin_authority: str,
  f_approval: v.picklist(['P', 'A', 'R']),
  f_status: v.picklist(['N', 'B', 'WL', 'LL']),
  f_release_date: maybe(time),
  f_reg_time: time,
  f_last_access: maybe(time),
  f_sale_count: int,
  f_community_count: int,
  f_notify_count: int,
  f_warned_count: int,
  f_charge_point: int,
  answer_list: v.array(v.strictObject({ f_question: str, f_answer: str, f_answer_status: yn })),
});

export const loginLogRow = v.strictObject({
  f_idx: int,
  f_time: time,
  f_user_idx: int,
  f_name: str,
  f_phone: str,
  f_device_id: str,
  f_ip: str,
  f_user_agent: str,
  f_by_admin: maybe(int),
});

export const adminMembersResponses = {
  /** The phone now pre-registered (digits). */
  addPhoneNumber: v.strictObject({ phone: str }),
  adminLogin: v.strictObject({ access_token: str, uid: int, type: v.picklist(['U', 'A']) }),
  blockPhone: v.strictObject({ phone: str, f_status: v.literal('B') }),
  changeUserStatus: v.strictObject({ release_date: time }),
  changeUserStatusById: v.strictObject({ f_idx: int, f_approval: v.picklist(['A', 'R']) }),
  closeAdminLock: v.strictObject({ unlocked_until: v.null() }),
  findUserByPhone: adminUser,
  findUserListByPhone: page(adminUser),
  getLoginLog: page(loginLogRow),
  getPendingUserList: page(adminUser),
  getUserDetail: adminUser,
  liftUserLimit: v.strictObject({ phone: str, f_status: v.literal('N') }),
  openAdminLock: v.strictObject({ unlocked_until: time }),
  removeUserFromDB: v.strictObject({ phone: str }),
  unblockPhone: v.strictObject({ phone: str, f_status: v.literal('N') }),
  updateAdminAuthority: v.strictObject({
    f_idx: int,
    f_type: v.picklist(['U', 'A']),
    f_admin_authority: str,
  }),
};
