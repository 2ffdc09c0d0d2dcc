import { defineMessages } from '../http/messages.ts';

export const reportMessages = defineMessages({
  reported: { ko: '신고되었습니다.', en: 'Reported.' },
  alreadyReported: { ko: '오늘 이미 신고했습니다.', en: 'Already reported today.' },
  blocked: {
    ko: '부정확한 신고가 3회 반려되어 신고할 수 없습니다. 관리자에게 문의해 주세요.',
    en: 'Three of your reports were rejected as inaccurate, so you cannot report. Please contact the admins.',
  },
  newOpenOnly: { ko: '신규분양 현장만 신고할 수 있습니다.', en: 'Only new-open sites can be reported.' },
  unitNotFound: { ko: '이 현장의 호실이 아닙니다.', en: 'This unit is not part of the site.' },
  reportNotFound: { ko: '신고를 찾을 수 없습니다.', en: 'The report was not found.' },
  alreadyDecided: { ko: '이미 처리된 신고입니다.', en: 'This report was already decided.' },
  ownReport: { ko: '본인의 신고는 처리할 수 없습니다.', en: 'You cannot decide on your own report.' },
  paid: { ko: '포인트를 지급했습니다.', en: 'Points provided.' },
  rejected: { ko: '반려했습니다. 포인트는 지급되지 않습니다.', en: 'Rejected. No points are provided.' },
  blockLifted: { ko: '신고 제한을 해제했습니다.', en: 'The member may report again.' },
  userNotFound: { ko: '회원을 찾을 수 없습니다.', en: 'Member not found.' },
});
