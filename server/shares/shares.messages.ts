import { defineMessages } from '../http/messages.ts';

/** Messages of sharing a site with a customer (issue 32): one wording whichever check refused. */
export const shareMessages = defineMessages({
  ownerOrGroupOnly: {
    ko: '현장을 등록한 회원이나 현장이 공유된 그룹의 회원만 고객에게 공유할 수 있습니다.',
    en: 'Only the member who registered this site, or a member of the group it is shared to, can share it with a customer.',
  },
  registeredOnly: {
    ko: '등록을 마친 현장만 고객에게 공유할 수 있습니다.',
    en: 'Only a registered site can be shared with a customer.',
  },
  reportNotShareable: {
    ko: '미등록 현장 제보는 고객에게 공유할 수 없습니다.',
    en: 'An unregistered-site report cannot be shared with a customer.',
  },
  hiddenNotShareable: {
    ko: '숨김 처리된 현장은 고객에게 공유할 수 없습니다. 먼저 노출해 주세요.',
    en: 'A hidden site cannot be shared with a customer; show it first.',
  },
  tooMany: {
    ko: '24시간 동안 만들 수 있는 공유 링크 {limit}개를 모두 만들었습니다. 이미 만든 링크를 다시 보내 주세요.',
    en: 'You have made the {limit} share links allowed in 24 hours. Send one of the links you made.',
  },
  shareNotFound: {
    ko: '공유 링크를 찾을 수 없습니다.',
    en: 'No such share link.',
  },
  revoked: { ko: '공유 링크를 중지했습니다.', en: 'Share link stopped.' },
});
