import { defineMessages } from '../http/messages.ts';

export const editMessages = defineMessages({
  conflictNotFound: {
    ko: '이미 처리된 충돌입니다.',
    en: 'This conflict was already settled.',
  },
});
