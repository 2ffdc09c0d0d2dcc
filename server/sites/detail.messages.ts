import { defineMessages } from '../http/messages.ts';

/** Messages of every site operation, online or pushed (spec §8): one wording whichever way it came. */
export const siteMessages = defineMessages({
  deletedOrHidden: {
    ko: '삭제되었거나 숨김 처리된 현장입니다.',
    en: 'This site has been deleted or hidden.',
  },
  notOwner: {
    ko: '현장을 등록한 회원만 관리할 수 있습니다.',
    en: 'Only the member who registered this site can manage it.',
  },
  notCompletable: {
    ko: '미등록 현장 제보는 완료 처리할 수 없습니다.',
    en: 'An unregistered-site report cannot be marked complete.',
  },
  completeNewOpenOnly: {
    ko: '신규 분양 현장만 분양 완료 처리할 수 있습니다.',
    en: 'Only new-open sites can be marked sold out.',
  },
  unitNotInSite: {
    ko: '이 현장의 호실이 아닙니다.',
    en: 'A unit in the list does not belong to this site.',
  },
  conflictNotFound: {
    ko: '이미 처리된 충돌입니다.',
    en: 'This conflict was already settled.',
  },
  completeSaved: { ko: '분양 완료 정보를 저장했습니다.', en: 'Sold-out units saved.' },
});

export const visibilityMessages = defineMessages({
  generalOnly: {
    ko: '일반 매물만 노출 기간을 연장할 수 있습니다.',
    en: 'Only general sites have days before auto-hide.',
  },
  showFirst: {
    ko: '숨김 처리된 현장입니다. 먼저 노출해 주세요.',
    en: 'This site is hidden; show it first.',
  },
  notDeleted: { ko: '삭제된 현장이 아닙니다.', en: 'This site is not deleted.' },
  extended: { ko: '노출 기간을 연장했습니다.', en: 'The days before auto-hide were restarted.' },
  updatedAll: { ko: '일반 매물을 갱신했습니다.', en: 'Your general sites were updated.' },
  deleted: { ko: '삭제했습니다.', en: 'Deleted.' },
  deletedForever: { ko: '영구 삭제했습니다.', en: 'Deleted permanently.' },
  restored: { ko: '복구했습니다.', en: 'Restored.' },
  restoredHidden: { ko: '복구 후 숨김 처리했습니다.', en: 'Restored and hidden.' },
});
