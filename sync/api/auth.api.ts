import * as v from 'valibot';
import type { authResponses, certQuestion, loginResult, profile, pushSetting } from './auth.responses.ts';
import { type Answer, defineCall } from './contract.ts';
import { MAX_WHOLE_NUMBER, phoneNumber, yn } from './fields.ts';

const code = v.pipe(v.string('code required'), v.trim(), v.regex(/^\d{6}$/, 'code must be 6 digits'));

/**
 * Spec §7 authPhone: sends a 6-digit code valid 180 s. auth Y: the phone was pre-registered by an
 * admin; its sign-up code comes back in the answer (`code`) instead of by SMS (spec §4).
 */
export const authPhoneCall = defineCall<Answer<typeof authResponses, 'authPhone'>>()({
  operationId: 'authPhone',
  method: 'post',
  path: '/auth/authPhone',
  summary: 'Send a sign-in or sign-up code to a phone',
  tag: 'auth',
  input: v.object({ phone_number: phoneNumber, is_login: v.optional(yn, 'Y') }),
});

export const checkPhoneAuthCodeCall = defineCall<Answer<typeof authResponses, 'checkPhoneAuthCode'>>()({
  operationId: 'checkPhoneAuthCode',
  method: 'post',
  path: '/auth/checkPhoneAuthCode',
  summary: 'Check a phone code',
  tag: 'auth',
  input: v.object({ phone_number: phoneNumber, code }),
});

export type LoginResult = v.InferOutput<typeof loginResult>;

export const loginCall = defineCall<Answer<typeof authResponses, 'login'>>()({
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

export type PushSetting = v.InferOutput<typeof pushSetting>;

/** getProfile (spec §3 Profile). Points, usage date, made and push counts come from here only. */
export type Profile = v.InferOutput<typeof profile>;

export const getProfileCall = defineCall<Answer<typeof authResponses, 'getProfile'>>()({
  operationId: 'getProfile',
  method: 'post',
  path: '/user/getProfile',
  summary: "The signed-in member's profile",
  tag: 'user',
  input: v.object({}),
});

export const logoutCall = defineCall<Answer<typeof authResponses, 'logout'>>()({
  operationId: 'logout',
  method: 'post',
  path: '/user/logout',
  summary: 'End this session',
  tag: 'user',
  input: v.object({}),
});

export type CertQuestion = v.InferOutput<typeof certQuestion>;

export const getCertQuestionListCall = defineCall<Answer<typeof authResponses, 'getCertQuestionList'>>()({
  operationId: 'getCertQuestionList',
  method: 'post',
  path: '/auth/getCertQuestionList',
  summary: 'The certification quiz of sign-up (answers not included)',
  tag: 'auth',
  input: v.object({}),
});

/** Far more than a quiz has (spec §5: a few questions of a few answers each). */
const MAX_QUIZ_QUESTIONS = 100;
const MAX_ANSWER_INDEX = 100;

/** One answer per question: the index of the chosen answer. */
const answers = v.pipe(
  v.array(
    v.object({
      f_idx: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_WHOLE_NUMBER)),
      answer: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ANSWER_INDEX)),
    }),
  ),
  v.maxLength(MAX_QUIZ_QUESTIONS, 'too many answers'),
);

export const answerList = v.union([
  answers,
  // multipart sends JSON text
  v.pipe(v.string(), v.maxLength(10_000, 'answer_list too long'), v.parseJson(), answers),
]);

export const updateCertAnswerCall = defineCall<Answer<typeof authResponses, 'updateCertAnswer'>>()({
  operationId: 'updateCertAnswer',
  method: 'post',
  path: '/auth/updateCertAnswer',
  summary: 'Grade the quiz answers of a verified phone; -8 when they fail',
  tag: 'auth',
  input: v.object({ phone: phoneNumber, answer_list: answerList }),
});

/** Sign-up fields with the messages the form shows, in the order spec §5 checks them. */
export const signUpFields = {
  business_card: v.instance(Blob, 'business_card'),
  affiliation: v.pipe(v.string('affiliation'), v.trim(), v.minLength(1, 'affiliation'), v.maxLength(100)),
  name: v.pipe(v.string('name'), v.trim(), v.minLength(1, 'name'), v.maxLength(50)),
  phone_number: phoneNumber,
  code,
};

export const signUpCall = defineCall<Answer<typeof authResponses, 'signUp'>>()({
  operationId: 'signUp',
  method: 'post',
  path: '/auth/signUp',
  summary: 'Apply for membership: business card photo, affiliation, name, verified phone, quiz answers',
  tag: 'auth',
  multipart: true,
  input: v.object({
    ...signUpFields,
    device_id: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
    answer_list: v.optional(answerList, []),
  }),
});

export const checkSessionCall = defineCall<Answer<typeof authResponses, 'checkSession'>>()({
  operationId: 'checkSession',
  method: 'post',
  path: '/user/checkSession',
  summary: 'Cheap poll (every 2 s) telling a replaced session it was logged out elsewhere (-7)',
  tag: 'user',
  input: v.object({}),
});

export const updateProfileCall = defineCall<Answer<typeof authResponses, 'updateProfile'>>()({
  operationId: 'updateProfile',
  method: 'post',
  path: '/user/updateProfile',
  summary: 'Change affiliation, name and optionally the business card photo',
  tag: 'user',
  multipart: true,
  input: v.object({
    business_card: v.optional(v.instance(Blob)),
    affiliation: signUpFields.affiliation,
    name: signUpFields.name,
  }),
});

const hhmm = v.nullable(v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:mm')));

export const updatePushSettingCall = defineCall<Answer<typeof authResponses, 'updatePushSetting'>>()({
  operationId: 'updatePushSetting',
  method: 'post',
  path: '/user/updatePushSetting',
  summary: 'Push on/off, sound, vibration and quiet hours',
  tag: 'user',
  input: v.object({
    push: yn,
    push_sound: yn,
    push_vibration: yn,
    push_off_start_time: v.optional(hhmm, null),
    push_off_end_time: v.optional(hhmm, null),
  }),
});

export const exitAppCall = defineCall<Answer<typeof authResponses, 'exitApp'>>()({
  operationId: 'exitApp',
  method: 'post',
  path: '/user/exitApp',
  summary: 'Withdraw: the signed-in phone must be typed again',
  tag: 'user',
  input: v.object({ phone: phoneNumber }),
});
