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
  blocked: { ko: '이용이 차단된 회원입니다.', en: 'This member is blocked.' },
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
  adminLocked: {
    ko: '관리자 잠금을 먼저 해제해 주세요.',
    en: 'Open the admin lock first.',
  },
});
