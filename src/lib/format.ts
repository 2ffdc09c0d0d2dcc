import type { Locale } from '../../sync/format.ts';

export type { Locale } from '../../sync/format.ts';
// Money and areas read the same in the app and on the server's own pages (the share page).
export {
  dashIfBlank,
  formatArea,
  formatDay,
  formatManwon,
  formatNumber,
  isBlankValue,
  pyeongToSqm,
  sqmToPyeong,
} from '../../sync/format.ts';

/** Strips thousands separators typed or pasted into a number field: "1,200" → 1200. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

// One rule for phones on both sides (the server's exports write them too).
export { formatPhone, phoneDigits } from '../../sync/phone.ts';

/** Times are stored in UTC and shown in Asia/Seoul. */
export function formatDateTime(iso: string | null | undefined, locale: Locale = 'ko'): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

export function formatDate(iso: string | null | undefined, locale: Locale = 'ko'): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** Keyword spaces are stripped before searching (spec §5). */
export function normalizeKeyword(text: string): string {
  return text.replace(/\s+/g, '');
}
