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
  siteNotFound: {
    ko: '삭제되었거나 볼 수 없는 현장입니다.',
    en: 'This site was deleted or is not available.',
  },
  notOwner: {
    ko: '현장을 등록한 회원만 관리할 수 있습니다.',
    en: 'Only the member who registered this site can manage it.',
  },
  notGroupMember: { ko: '그룹 회원이 아닙니다.', en: 'You are not a member of this group.' },
  notCompletable: {
    ko: '미등록 현장 제보는 완료 처리할 수 없습니다.',
    en: 'An unregistered-site report cannot be marked complete.',
  },
  alreadyRegistered: {
    ko: '이미 등록된 현장입니다. 임시저장 대신 수정해 주세요.',
    en: 'This site is already registered; edit it instead of saving a draft.',
  },
  conflictNotFound: {
    ko: '이미 처리된 충돌입니다.',
    en: 'This conflict was already settled.',
  },
  unexpectedMutation: {
    ko: '이 변경을 처리하지 못했습니다. 개발팀에 전달되었습니다.',
    en: 'This change could not be processed and was reported to the team.',
  },
});
