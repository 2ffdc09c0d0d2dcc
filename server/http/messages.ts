/**
 * Server messages travel in the envelope's `msg` and are shown to the user as a toast,
 * so each one exists in Korean (default) and English. Features declare their own with
 * `defineMessages` and pass the message object (not a string key) to an error factory.
 */
export type Lang = 'ko' | 'en';

export interface Message {
  ko: string;
  en: string;
}

export function defineMessages<const T extends Record<string, Message>>(messages: T): T {
  return messages;
}

/** What fills a message's `{name}`: a value, or words that differ by language (a field's label). */
export type MessageParams = Record<string, string | number | Message>;

/** Fills `{name}` placeholders. */
export function renderMessage({
  message,
  lang,
  params,
}: {
  message: Message;
  lang: Lang;
  params?: MessageParams | undefined;
}): string {
  const text = message[lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/** A message with its placeholders filled in both languages (a success message that counts). */
export function fillMessage({ message, params }: { message: Message; params: MessageParams }): Message {
  return {
    ko: renderMessage({ message, lang: 'ko', params }),
    en: renderMessage({ message, lang: 'en', params }),
  };
}

export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'ko';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ko';
}

export const coreMessages = defineMessages({
  ok: { ko: '', en: '' },
  unexpected: {
    ko: '예기치 못한 오류가 발생했습니다. 개발팀에 전달되었습니다. 앱을 다시 시작해 주세요.',
    en: 'An unexpected error occurred and was reported to the team. Please restart the app.',
  },
  badParameter: { ko: '입력을 확인해 주세요. {field}: {reason}', en: 'Invalid input: {field} ({reason})' },
  tokenEmpty: { ko: '로그인이 필요합니다.', en: 'Please sign in.' },
  tokenExpired: {
    ko: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    en: 'Your session expired. Please sign in again.',
  },
  otherDeviceLogin: {
    ko: '같은 번호로 다른 기기에서 로그인되어 로그아웃되었습니다.',
    en: 'The same phone number signed in on another device, so you were signed out.',
  },
  statusChanged: {
    ko: '회원 상태가 변경되었습니다. 다시 로그인해 주세요.',
    en: 'Your member status changed. Please sign in again.',
  },
  notFound: { ko: '정보를 찾을 수 없습니다.', en: 'No information found.' },
  routeNotFound: { ko: '존재하지 않는 요청입니다.', en: 'Unknown request.' },
  forbidden: { ko: '권한이 없습니다.', en: 'You do not have permission.' },
  bodyTooLarge: { ko: '요청이 너무 큽니다.', en: 'The request is too large.' },
  headTooLarge: {
    ko: '요청 주소나 헤더가 너무 깁니다.',
    en: 'The request address or headers are too long.',
  },
  malformedRequest: { ko: '요청을 읽을 수 없습니다.', en: 'The request could not be read.' },
});
