import * as v from 'valibot';
import { int, maybe, nothing, str, time, yn } from './answer-fields.ts';

export const pushSetting = v.strictObject({
  push: yn,
  push_sound: yn,
  push_vibration: yn,
  push_off_start_time: maybe(str),
  push_off_end_time: maybe(str),
});

export const profile = v.strictObject({
  uid: int,
  phone: str,
  type: v.picklist(['U', 'A']),
  name: str,
  affiliation: str,
  business_card: maybe(str),
  point: int,
  usage_date: maybe(time),
  made_count: int,
  push_count: int,
  approval: v.picklist(['P', 'A', 'R']),
  status: v.picklist(['N', 'B', 'WL', 'LL']),
  release_date: maybe(time),
  is_admin: v.boolean(),
  is_super_admin: v.boolean(),
  admin_authority: v.array(int),
  ticket_valid: v.boolean(),
  setting: pushSetting,
  opened_by_admin: v.optional(v.boolean()),
});

export const loginResult = v.strictObject({ access_token: str, uid: int, type: v.picklist(['U', 'A']) });

export const certQuestion = v.strictObject({ f_idx: int, f_question: str, f_answer_list: v.array(str) });

export const authResponses = {
  /** `code`: only for the sign-up of a phone an admin registered (spec §4), which fills it in. */
  authPhone: v.strictObject({ auth: yn, expires_in: int, code: v.optional(str) }),
  checkPhoneAuthCode: v.strictObject({ verified: v.literal(true) }),
  checkSession: v.strictObject({ ok: v.literal(true) }),
  exitApp: nothing,
  getCertQuestionList: v.strictObject({ list: v.array(certQuestion) }),
  getProfile: profile,
  login: loginResult,
  logout: nothing,
  signUp: v.strictObject({ uid: int, approval: v.literal('P') }),
  updateCertAnswer: v.strictObject({ passed: v.literal(true) }),
  updateProfile: profile,
  updatePushSetting: pushSetting,
};
