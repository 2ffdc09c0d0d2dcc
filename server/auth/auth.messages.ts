import { defineMessages } from '../http/messages.ts';

export const authMessages = defineMessages({
  signupUnderReview: {
    ko: '가입 심사 중입니다. 승인 후 이용할 수 있습니다.',
    en: 'Your sign-up is under review.',
  },
  signupRejected: {
    ko: '가입이 반려되었습니다. 내일부터 다시 신청할 수 있습니다.',
    en: 'Your sign-up was rejected. You may apply again from tomorrow.',
  },
  blocked: {
    ko: '이용이 차단된 회원입니다. 고객센터에 문의해 주세요.',
    en: 'This member is blocked. Please contact support.',
  },
  writeLimited: {
    ko: '글쓰기가 제한된 회원입니다. ({date} 00:00 해제)',
    en: 'Writing is limited for this member until {date} 00:00.',
  },
  loginLimited: {
    ko: '로그인이 제한된 회원입니다. ({date} 00:00 해제)',
    en: 'Sign-in is limited for this member until {date} 00:00.',
  },
  adminOnly: { ko: '관리자만 사용할 수 있습니다.', en: 'Admins only.' },
  noAuthority: { ko: '이 메뉴의 관리자 권한이 없습니다.', en: 'You have no authority for this admin tab.' },
  superAdminOnly: {
    ko: '최고 관리자만 권한을 부여할 수 있습니다.',
    en: 'Only the super admin can grant authority.',
  },
  adminLocked: { ko: '관리자 잠금을 먼저 해제해 주세요.', en: 'Open the admin lock first.' },
  adminPasswordIncorrect: { ko: '관리자 비밀번호가 올바르지 않습니다.', en: 'Incorrect admin password.' },

  codeNotRequested: { ko: '인증번호를 먼저 요청해 주세요.', en: 'Please request a code first.' },
  codeIncorrect: { ko: '인증번호가 올바르지 않습니다.', en: 'The code is incorrect.' },
  codeExpired: {
    ko: '인증 시간이 초과되었습니다. 인증번호를 다시 요청해 주세요.',
    en: 'Authentication timed out. Please request a new code.',
  },
  codeNotSent: {
    ko: '인증번호를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The verification code could not be sent. Please try again in a moment.',
  },
  tooManyCodes: {
    ko: '인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.',
    en: 'Too many code requests. Please try again in an hour.',
  },
  tooManyCodesFromDevice: {
    ko: '이 기기에서 인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.',
    en: 'Too many code requests from this device. Please try again in an hour.',
  },
  tooManyCodesFromAddress: {
    ko: '이 네트워크에서 인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.',
    en: 'Too many code requests from this network. Please try again in an hour.',
  },
  codeCeilingReached: {
    ko: '지금은 인증번호 요청이 많아 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many code requests right now. Please try again later.',
  },
  tooManyAttempts: {
    ko: '인증번호를 10회 잘못 입력했습니다. 인증번호를 다시 요청해 주세요.',
    en: 'The code was entered wrongly 10 times. Please request a new code.',
  },
  phoneNotVerified: { ko: '휴대폰 인증을 먼저 완료해 주세요.', en: 'Please verify your phone first.' },
  notMember: {
    ko: '가입되지 않은 번호입니다. 회원가입을 해 주세요.',
    en: 'This number is not registered. Please join first.',
  },
  alreadyMember: { ko: '이미 가입된 번호입니다.', en: 'This number is already registered.' },
  quizIncomplete: { ko: '모든 문항에 답해 주세요.', en: 'Please answer every question.' },
  quizFailed: {
    ko: '인증 퀴즈를 통과하지 못했습니다. 다시 풀어 주세요.',
    en: 'The certification answers were not correct. Please try the quiz again.',
  },
  withdrawalPhoneMismatch: {
    ko: '로그인한 휴대폰 번호를 정확히 입력해 주세요.',
    en: 'Please type the phone number you are signed in with.',
  },
  userNotFound: { ko: '회원을 찾을 수 없습니다.', en: 'No member with that number.' },
  listingNotFound: { ko: '해당 현장 번호를 찾을 수 없습니다.', en: 'No listing with that number.' },
  notPending: { ko: '심사 중인 신청자가 아닙니다.', en: 'This member is not waiting for review.' },

  approved: { ko: '승인했습니다.', en: 'Approved.' },
  rejected: { ko: '반려했습니다.', en: 'Rejected.' },
  limitApplied: { ko: '제한했습니다.', en: 'Limit applied.' },
  limitLifted: { ko: '제한을 해제했습니다.', en: 'Limit lifted.' },
  phoneAdded: { ko: '번호를 등록했습니다.', en: 'Phone number added.' },
  userRemoved: { ko: '회원을 삭제했습니다.', en: 'Member removed.' },
  saved: { ko: '저장했습니다.', en: 'Saved.' },
  signupDone: {
    ko: '가입 신청이 완료되었습니다. 관리자 승인 후 이용할 수 있습니다.',
    en: 'Your application was received. You can use the app once an admin approves it.',
  },
});
