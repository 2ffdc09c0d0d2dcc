import { defineMessages } from '../http/messages.ts';

export const offlineAreaMessages = defineMessages({
  tooManySites: {
    ko: '이 지도 영역에는 현장이 너무 많습니다. 지도를 확대해 주세요.',
    en: 'This map view holds too many sites. Zoom in, please.',
  },
});
