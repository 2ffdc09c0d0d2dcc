import { defineMessages } from '../http/messages.ts';

export const publicDataMessages = defineMessages({
  unavailable: {
    ko: '공공데이터 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The public data service is unavailable. Please try again later.',
  },
  quota: {
    ko: '오늘 공공데이터 조회 한도에 도달했습니다. 내일 다시 시도해 주세요.',
    en: 'The public data service has reached its daily limit. Please try again tomorrow.',
  },
  tooMany: {
    ko: '조회가 너무 많습니다. 1분 후 다시 시도해 주세요.',
    en: 'Too many look-ups. Please try again in a minute.',
  },
  officetelRows: {
    ko: '파일의 {count}개 행을 읽을 수 없어 아무것도 가져오지 않았습니다. 표시된 행을 고친 뒤 다시 올려 주세요.',
    en: '{count} rows of the file cannot be read, so nothing was imported. Fix the rows listed and upload again.',
  },
  officetelImported: { ko: '오피스텔 기준시가를 가져왔습니다.', en: 'Officetel standard prices imported.' },
  registerCancelled: {
    ko: '건축물대장이 없거나 말소된 지번입니다.',
    en: 'This parcel has no building register, or it was cancelled.',
  },
});
