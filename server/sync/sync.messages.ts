import { defineMessages } from '../http/messages.ts';

export const syncMessages = defineMessages({
  protocolOutdated: {
    ko: '앱 버전이 오래되어 동기화할 수 없습니다. 새로고침해 주세요. 보내지 않은 변경은 유지됩니다.',
    en: 'This app version is too old to sync. Please reload; your unsent changes are kept.',
  },
  clientOfOtherMember: {
    ko: '이 기기의 동기화 정보가 다른 회원의 것입니다. 다시 로그인해 주세요.',
    en: 'This device’s sync data belongs to another member. Please sign in again.',
  },
  unexpectedMutation: {
    ko: '이 변경을 처리하지 못했습니다. 개발팀에 전달되었습니다.',
    en: 'This change could not be processed and was reported to the team.',
  },
});
