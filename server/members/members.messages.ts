import { defineMessages } from '../http/messages.ts';

/** Messages of the admin member tools that keep authority where it was given (spec §6). */
export const memberAdminMessages = defineMessages({
  adminViewRefused: {
    ko: '관리자 계정의 회원 화면은 열 수 없습니다.',
    en: 'An admin account cannot be opened as a member view.',
  },
  adminOutranks: {
    ko: '더 많은 권한을 가진 관리자는 제한하거나 차단할 수 없습니다.',
    en: 'You cannot limit, block or remove an admin with authority you do not hold.',
  },
  notOnYourself: {
    ko: '본인 계정에는 할 수 없습니다.',
    en: 'You cannot do this to your own account.',
  },
  lockThrottled: {
    ko: '관리자 비밀번호를 여러 번 틀렸습니다. {minutes}분 후에 다시 시도해 주세요.',
    en: 'Too many wrong admin passwords. Try again in {minutes} minutes.',
  },
});
