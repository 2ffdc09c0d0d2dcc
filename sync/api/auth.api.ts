import * as v from 'valibot';
import { defineCall } from './contract.ts';
import { phoneNumber, yn } from './fields.ts';

const code = v.pipe(v.string('code required'), v.trim(), v.regex(/^\d{6}$/, 'code must be 6 digits'));

/** Spec §7 authPhone: sends a 6-digit code valid 180 s. auth Y: the phone was pre-registered by an admin. */
export const authPhoneCall = defineCall<{ auth: 'Y' | 'N'; expires_in: number }>()({
  operationId: 'authPhone',
  method: 'post',
  path: '/auth/authPhone',
  summary: 'Send a sign-in or sign-up code to a phone',
  tag: 'auth',
  input: v.object({ phone_number: phoneNumber, is_login: v.optional(yn, 'Y') }),
});

export const checkPhoneAuthCodeCall = defineCall<{ verified: true }>()({
  operationId: 'checkPhoneAuthCode',
  method: 'post',
  path: '/auth/checkPhoneAuthCode',
  summary: 'Check a phone code',
  tag: 'auth',
  input: v.object({ phone_number: phoneNumber, code }),
});

export interface LoginResult {
  access_token: string;
  uid: number;
  type: 'U' | 'A';
}

export const loginCall = defineCall<LoginResult>()({
  operationId: 'login',
  method: 'post',
  path: '/auth/login',
  summary: 'Sign in with phone and code; ends the session on any other device',
  tag: 'auth',
  input: v.object({
    phone_number: phoneNumber,
    code,
    device_id: v.pipe(v.string(), v.minLength(8), v.maxLength(100)),
    auto_login: v.optional(yn, 'Y'),
    isWeb: v.optional(yn, 'Y'),
  }),
});

export interface PushSetting {
  push: 'Y' | 'N';
  push_sound: 'Y' | 'N';
  push_vibration: 'Y' | 'N';
  push_off_start_time: string | null;
  push_off_end_time: string | null;
}

/** getProfile (spec §3 Profile). Points, usage date, made and push counts come from here only. */
export interface Profile {
  uid: number;
  phone: string;
  type: 'U' | 'A';
  name: string;
  affiliation: string;
  business_card: string | null;
  point: number;
  usage_date: string | null;
  made_count: number;
  push_count: number;
  /** P under review, A approved, R rejected. */
  approval: 'P' | 'A' | 'R';
  status: 'N' | 'B' | 'WL' | 'LL';
  release_date: string | null;
  is_admin: boolean;
  is_super_admin: boolean;
  /** Admin tab numbers; the first is the starting tab. */
  admin_authority: number[];
  ticket_valid: boolean;
  setting: PushSetting;
}

export const getProfileCall = defineCall<Profile>()({
  operationId: 'getProfile',
  method: 'post',
  path: '/user/getProfile',
  summary: "The signed-in member's profile",
  tag: 'user',
  input: v.object({}),
});

export const logoutCall = defineCall<null>()({
  operationId: 'logout',
  method: 'post',
  path: '/user/logout',
  summary: 'End this session',
  tag: 'user',
  input: v.object({}),
});
