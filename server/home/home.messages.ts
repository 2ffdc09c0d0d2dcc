import { defineMessages } from '../http/messages.ts';

export const homeMessages = defineMessages({
  settingSaved: { ko: '저장되었습니다.', en: 'Saved.' },
  lockedSetting: {
    ko: '포인트와 이용권 설정은 관리자 잠금을 해제한 뒤 바꿀 수 있습니다.',
    en: 'Open the admin lock to change point and ticket settings.',
  },
  noSuchArea: { ko: '해당 지역을 찾을 수 없습니다.', en: 'No such region.' },
});
