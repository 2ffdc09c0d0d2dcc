import { defineMessages } from '../http/messages.ts';

/** Messages of a site transfer (spec §4/§5 Transfer), one wording whichever check refused. */
export const transferMessages = defineMessages({
  noMember: {
    ko: '해당 전화번호로 가입한 회원이 없습니다.',
    en: 'No member uses this phone number.',
  },
  notYourself: {
    ko: '본인에게는 현장을 양도할 수 없습니다.',
    en: 'You cannot transfer a site to yourself.',
  },
  cannotReceive: {
    ko: '승인 대기 중이거나 차단된 회원에게는 양도할 수 없습니다.',
    en: 'This member is under review or blocked and cannot receive a site.',
  },
  ownerOnly: {
    ko: '현장을 등록한 회원만 양도할 수 있습니다.',
    en: 'Only the member who registered this site can transfer it.',
  },
  registeredOnly: {
    ko: '등록이 완료된 신규 분양·일반 현장만 양도할 수 있습니다.',
    en: 'Only a registered new-open or general site can be transferred.',
  },
  transferred: {
    ko: '현장 양도가 완료되었습니다.',
    en: 'The site has been transferred.',
  },
});
