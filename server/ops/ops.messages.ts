import { defineMessages } from '../http/messages.ts';

/** What a client hears while the server starts, stops or cannot reach its database. */
export const opsMessages = defineMessages({
  restarting: {
    ko: '서버가 잠시 다시 시작하는 중입니다. 잠시 후 다시 시도해 주세요.',
    en: 'The server is restarting. Please try again in a moment.',
  },
  databaseDown: {
    ko: '서버가 데이터베이스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The server cannot reach its database. Please try again in a moment.',
  },
});
