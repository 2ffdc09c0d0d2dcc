import { defineMessages } from '../http/messages.ts';

export const pointsMessages = defineMessages({
  pointNotEnough: { ko: '포인트가 부족합니다.', en: 'Not enough points.' },
  usagePurchased: { ko: '이용권을 구매했습니다.', en: 'Usage plan purchased.' },
  usageFreeNow: {
    ko: '현재 이용권이 무료입니다. 기간만 있는 이용권은 구매할 필요가 없습니다.',
    en: 'Usage is free at the moment, so there is no need to buy days.',
  },
  charged: { ko: '충전되었습니다.', en: 'Charged.' },
  paymentFailed: { ko: '결제에 실패했습니다. {reason}', en: 'Payment failed. {reason}' },
  paymentNotVerified: {
    ko: '결제를 확인할 수 없습니다.',
    en: 'The payment could not be verified.',
  },
  paymentUnreachable: {
    ko: '결제 대행사와 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Could not reach the payment provider. Please try again shortly.',
  },
  productName: { ko: '분양톡 포인트 {point}P', en: 'Bunyangtalk {point} points' },
  idempotencyReused: {
    ko: '이미 다른 요청에 사용된 요청 번호입니다.',
    en: 'This request key was already used for a different request.',
  },
  pointsGiven: { ko: '포인트를 지급했습니다.', en: 'Points given.' },
  pointsTaken: { ko: '포인트를 차감했습니다.', en: 'Points deducted.' },
  periodGiven: { ko: '이용 기간을 지급했습니다.', en: 'Usage period given.' },
  periodTaken: { ko: '이용 기간을 차감했습니다.', en: 'Usage period deducted.' },
});
