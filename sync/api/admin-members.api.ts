import * as v from 'valibot';
import type { adminMembersResponses, adminUser, loginLogRow } from './admin-members.responses.ts';
import { type Answer, defineCall } from './contract.ts';
import { phoneNumber, rowId } from './fields.ts';
import { pageLimitParam, pageNum, pageOffsetParam } from './page.ts';

/** A member as the admin screens see it (spec §3 User, admin view). */
export type AdminUser = v.InferOutput<typeof adminUser>;

/** A part of a phone number to search by, hyphens and spaces dropped (empty: everyone). */
const phoneDigitsFilter = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(20, 'phone too long'),
    v.transform((s) => s.replace(/\D/g, '')),
    v.maxLength(11),
  ),
  '',
);

export const getPendingUserListCall = defineCall<
  Answer<typeof adminMembersResponses, 'getPendingUserList'>
>()({
  operationId: 'getPendingUserList',
  method: 'post',
  path: '/admin/getPendingUserList',
  summary: 'Applicants under review, oldest first, with card image and quiz answers',
  tag: 'admin',
  input: v.object({
    offset: pageOffsetParam,
    limit: pageLimitParam(20),
  }),
});

export const changeUserStatusByIdCall = defineCall<
  Answer<typeof adminMembersResponses, 'changeUserStatusById'>
>()({
  operationId: 'changeUserStatusById',
  method: 'post',
  path: '/admin/changeUserStatusById',
  summary: 'Approve (A) or reject (R) an applicant',
  tag: 'admin',
  input: v.object({ user_id: rowId, status: v.picklist(['A', 'R'], 'status must be A or R') }),
});

export const changeUserStatusCall = defineCall<Answer<typeof adminMembersResponses, 'changeUserStatus'>>()({
  operationId: 'changeUserStatus',
  method: 'post',
  path: '/admin/changeUserStatus',
  summary: 'Limit writing (WL) or login (LL) for 5 days, until 00:00 of the release date',
  tag: 'admin',
  input: v.object({ phone: phoneNumber, status: v.picklist(['WL', 'LL'], 'status must be WL or LL') }),
});

export const liftUserLimitCall = defineCall<Answer<typeof adminMembersResponses, 'liftUserLimit'>>()({
  operationId: 'liftUserLimit',
  method: 'post',
  path: '/admin/liftUserLimit',
  summary: 'Lift a write or login limit before its release date',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const blockPhoneCall = defineCall<Answer<typeof adminMembersResponses, 'blockPhone'>>()({
  operationId: 'blockPhone',
  method: 'post',
  path: '/admin/blockPhone',
  summary: 'Block a member',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const unblockPhoneCall = defineCall<Answer<typeof adminMembersResponses, 'unblockPhone'>>()({
  operationId: 'unblockPhone',
  method: 'post',
  path: '/admin/unblockPhone',
  summary: 'Unblock a member',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const findUserByPhoneCall = defineCall<Answer<typeof adminMembersResponses, 'findUserByPhone'>>()({
  operationId: 'findUserByPhone',
  method: 'post',
  path: '/admin/findUserByPhone',
  summary: 'One member by phone',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const getUserDetailCall = defineCall<Answer<typeof adminMembersResponses, 'getUserDetail'>>()({
  operationId: 'getUserDetail',
  method: 'post',
  path: '/admin/getUserDetail',
  summary: 'Member detail (counts, warnings, charged points, quiz answers), opened from the member tab',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const findUserListByPhoneCall = defineCall<
  Answer<typeof adminMembersResponses, 'findUserListByPhone'>
>()({
  operationId: 'findUserListByPhone',
  method: 'post',
  path: '/admin/findUserListByPhone',
  summary: 'Members whose phone contains the digits (empty: everyone), newest first, 50 a page',
  tag: 'admin',
  input: v.object({
    phone: phoneDigitsFilter,
    page: pageNum,
  }),
});

export const addPhoneNumberCall = defineCall<Answer<typeof adminMembersResponses, 'addPhoneNumber'>>()({
  operationId: 'addPhoneNumber',
  method: 'post',
  path: '/admin/addPhoneNumber',
  summary: 'Pre-register a phone: its sign-up skips the quiz',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const removeUserFromDBCall = defineCall<Answer<typeof adminMembersResponses, 'removeUserFromDB'>>()({
  operationId: 'removeUserFromDB',
  method: 'post',
  path: '/admin/removeUserFromDB',
  summary: 'Remove a member (withdrawn for them: phone freed, sessions ended, sites dropped)',
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const updateAdminAuthorityCall = defineCall<
  Answer<typeof adminMembersResponses, 'updateAdminAuthority'>
>()({
  operationId: 'updateAdminAuthority',
  method: 'post',
  path: '/admin/updateAdminAuthority',
  summary: 'Grant or revoke admin tabs (super admin only); the first tab is the starting tab',
  tag: 'admin',
  input: v.object({
    user_idx: rowId,
    authority: v.pipe(
      v.string(),
      v.maxLength(100, 'authority too long'),
      v.transform((s) => s.replace(/\s/g, '')),
      v.regex(/^(\d{1,2}(,\d{1,2})*)?$/, 'authority must be a comma list of tab numbers'),
    ),
  }),
});

export const openAdminLockCall = defineCall<Answer<typeof adminMembersResponses, 'openAdminLock'>>()({
  operationId: 'openAdminLock',
  method: 'post',
  path: '/admin/openAdminLock',
  summary: 'Open the admin lock for this session (points, periods, protected settings)',
  tag: 'admin',
  input: v.object({
    password: v.pipe(v.string('password required'), v.minLength(1, 'password required'), v.maxLength(200)),
  }),
});

export const closeAdminLockCall = defineCall<Answer<typeof adminMembersResponses, 'closeAdminLock'>>()({
  operationId: 'closeAdminLock',
  method: 'post',
  path: '/admin/closeAdminLock',
  summary: 'Close the admin lock',
  tag: 'admin',
  input: v.object({}),
});

export type LoginLogRow = v.InferOutput<typeof loginLogRow>;

export const getLoginLogCall = defineCall<Answer<typeof adminMembersResponses, 'getLoginLog'>>()({
  operationId: 'getLoginLog',
  method: 'post',
  path: '/admin/getLoginLog',
  summary: 'Every sign-in with time, device and IP, newest first, 50 a page',
  tag: 'admin',
  input: v.object({
    phone: phoneDigitsFilter,
    page: pageNum,
  }),
});

export const adminLoginCall = defineCall<Answer<typeof adminMembersResponses, 'adminLogin'>>()({
  operationId: 'adminLogin',
  method: 'post',
  path: '/admin/adminLogin',
  summary: "Sign in as a member (by phone, or by a listing's number) to see the app as they do",
  tag: 'admin',
  input: v.object({
    phone_number: v.pipe(
      v.string('phone or listing number required'),
      v.trim(),
      v.minLength(1, 'phone or listing number required'),
      v.maxLength(20, 'phone or listing number too long'),
    ),
    type: v.picklist(['phone', 'maemul'], 'type must be phone or maemul'),
  }),
});
