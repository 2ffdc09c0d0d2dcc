import type { AreaRuleId, SiteRuleId, UnitRuleId, UnregisteredRuleId } from '../../sync/sites/rules.ts';
import { defineMessages, type Message } from '../http/messages.ts';

/**
 * The server's message for every registration rule of spec §5 (sync/sites/rules.ts ids),
 * sent with -4 when a save breaks one; the form shows its own Lingui text for the same id.
 */
export const siteRuleMessages: Record<SiteRuleId, Message> = defineMessages({
  nameRequired: { ko: '현장명을 입력해 주세요.', en: 'Please enter the site name.' },
  addressRequired: { ko: '주소를 입력해 주세요.', en: 'Please enter the address.' },
  contactRequired: { ko: '연락처를 1개 이상 입력해 주세요.', en: 'Please add at least one contact.' },
  contactsMax: { ko: '연락처는 5개까지 등록할 수 있습니다.', en: 'You can add up to 5 contacts.' },
  contactIncomplete: {
    ko: '연락처의 이름과 전화번호를 모두 입력해 주세요.',
    en: 'Please enter both the name and the phone number of each contact.',
  },
  maemulTypeRequired: { ko: '매물 종류를 선택해 주세요.', en: 'Please choose the property type.' },
  maemulTypeSingle: {
    ko: '일반 현장은 매물 종류를 하나만 선택할 수 있습니다.',
    en: 'A general site has one property type.',
  },
  complexInfoRequired: {
    ko: '단지 정보(동 수 또는 세대 수)를 입력해 주세요.',
    en: 'Please enter the complex information (number of buildings or units).',
  },
  transTypeRequired: { ko: '거래 유형을 선택해 주세요.', en: 'Please choose the transaction type.' },
  salePriceRequired: {
    ko: '매매가를 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the sale price or mark it as price on inquiry.',
  },
  charterPriceRequired: {
    ko: '전세가를 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the charter price or mark it as price on inquiry.',
  },
  investPriceRequired: {
    ko: '투자금을 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the investment amount or mark it as price on inquiry.',
  },
  monthlyPriceRequired: {
    ko: '월세는 보증금과 월세를 모두 입력해 주세요.',
    en: 'Monthly rent needs both the deposit and the rent.',
  },
  roomNumRequired: { ko: '방 개수를 선택해 주세요.', en: 'Please choose the number of rooms.' },
  toiletNumRequired: { ko: '화장실 개수를 선택해 주세요.', en: 'Please choose the number of toilets.' },
  feeTypeRequired: { ko: '수수료 유형을 선택해 주세요.', en: 'Please choose the fee type.' },
  feeInvestRequired: { ko: '투자 수수료를 입력해 주세요.', en: 'Please enter the investment fee.' },
  elevatorRequired: {
    ko: '엘리베이터 유무를 선택해 주세요.',
    en: 'Please say whether there is an elevator.',
  },
  areaRequired: { ko: '면적을 1개 이상 입력해 주세요.', en: 'Please add at least one area.' },
});

export const unregisteredRuleMessages: Record<UnregisteredRuleId, Message> = {
  nameRequired: siteRuleMessages.nameRequired,
  addressRequired: siteRuleMessages.addressRequired,
  contactRequired: siteRuleMessages.contactRequired,
  feeTypeRequired: siteRuleMessages.feeTypeRequired,
  feeInvestRequired: siteRuleMessages.feeInvestRequired,
};

export const unitRuleMessages: Record<UnitRuleId, Message> = defineMessages({
  dealTypeRequired: { ko: '거래 유형을 선택해 주세요.', en: 'Please choose the deal type.' },
  unitSalePriceRequired: {
    ko: '매매가를 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the sale price or tick price on inquiry.',
  },
  unitCharterPriceRequired: {
    ko: '전세가를 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the charter price or tick price on inquiry.',
  },
  unitInvestPriceRequired: {
    ko: '투자금을 입력하거나 가격 문의를 선택해 주세요.',
    en: 'Please enter the investment amount or tick price on inquiry.',
  },
  unitMonthlyPriceRequired: {
    ko: '월세는 보증금과 월세를 모두 입력해 주세요.',
    en: 'Monthly rent needs both the deposit and the rent.',
  },
  unitRoomRequired: { ko: '방 개수를 선택해 주세요.', en: 'Please choose the number of rooms.' },
  unitToiletRequired: { ko: '화장실 개수를 선택해 주세요.', en: 'Please choose the number of toilets.' },
  unitNameRequired: { ko: '호수를 입력해 주세요.', en: 'Please enter the unit number.' },
  dongNameRequired: { ko: '동 이름을 입력해 주세요.', en: 'Please enter the building name.' },
  dongLimit: {
    ko: '동에 설정한 세대 수를 초과했습니다.',
    en: 'This building already has as many units as it declares.',
  },
});

export const areaRuleMessages: Record<AreaRuleId, Message> = defineMessages({
  areaRoomRequired: { ko: '방 개수를 선택해 주세요.', en: 'Please choose the number of rooms.' },
  areaSizeRequired: { ko: '면적(㎡, 평)을 입력해 주세요.', en: 'Please enter the area in ㎡ and pyeong.' },
});

export const registrationMessages = defineMessages({
  groupRequired: {
    ko: '공유할 그룹을 선택해 주세요.',
    en: 'Please choose the group to share the site with.',
  },
  openDateRange: {
    ko: '오픈일은 올해 기준 5년 후부터 50년 전까지 선택할 수 있습니다.',
    en: 'The open date must be between 50 years ago and 5 years ahead.',
  },
  alreadyRegistered: {
    ko: '이미 등록된 현장입니다. 임시저장 대신 수정해 주세요.',
    en: 'This site is already registered; edit it instead of saving a draft.',
  },
  onlyOwnerShares: {
    ko: '그룹 공유는 현장을 등록한 회원만 바꿀 수 있습니다.',
    en: 'Only the member who registered this site can share or release it.',
  },
  siteKindFixed: {
    ko: '등록된 현장의 종류는 바꿀 수 없습니다.',
    en: 'The kind of a registered site cannot be changed.',
  },
  notRegistrable: {
    ko: '미등록 현장 제보는 이 화면에서 수정할 수 없습니다.',
    en: 'An unregistered-site report cannot be edited here.',
  },
  generalHasNoBuildings: {
    ko: '일반 현장에는 동·호를 등록하지 않습니다.',
    en: 'A general site has no buildings or units.',
  },
  reportNotFound: { ko: '제보를 찾을 수 없습니다.', en: 'This report was not found.' },
  notReporter: {
    ko: '제보한 회원과 관리자만 볼 수 있습니다.',
    en: 'Only the member who sent this report and admins can see it.',
  },
  saved: { ko: '저장되었습니다.', en: 'Saved.' },
  temporarySaved: { ko: '임시저장되었습니다.', en: 'Temporarily saved.' },
  reported: { ko: '제보되었습니다.', en: 'Reported.' },
});
