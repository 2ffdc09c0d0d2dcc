import { dateTimeFormatter, formatManwon, formatNumber, type Locale } from '../../sync/format.ts';

export type { Locale } from '../../sync/format.ts';
// Money and areas read the same in the app and on the server's own pages (the share page).
export {
  dashIfBlank,
  dateTimeFormatter,
  formatArea,
  formatDay,
  formatManwon,
  formatNumber,
  isBlankValue,
  numberFormatter,
  pyeongToSqm,
  sqmToPyeong,
} from '../../sync/format.ts';

/** Strips thousands separators typed or pasted into a number field: "1,200" → 1200. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A price range in 만원: "3억 ~ 3억 5,000만원", one value when both ends agree or one is 0. */
export function formatPriceRange(min: number, max: number, locale: Locale = 'ko'): string {
  const a = formatManwon(min, locale);
  const b = formatManwon(max, locale);
  if (min === max || max === 0) return a;
  return min === 0 ? b : `${a} ~ ${b}`;
}

/** An amount in 만원 as Korean listings write it, without the unit: 2,500 · 2억 5,000 · 1억. */
function manwonShort(manwon: number): string {
  const eok = Math.floor(manwon / 10_000);
  const man = manwon % 10_000;
  if (eok === 0) return formatNumber(man);
  return man > 0 ? `${formatNumber(eok)}억 ${formatNumber(man)}` : `${formatNumber(eok)}억`;
}

/**
 * 월세 said as deposit and rent, the way every Korean listing does (in 만원): "보증금 2,500 / 월 50",
 * ranges "보증금 2,500~5,000 / 월 50~70"; a part that is 0 is left out. English: "Deposit
 * ₩25,000,000 / ₩500,000 a month". The one way a monthly rent shows, in lists, detail and units.
 */
export function formatMonthlyRent(
  {
    depositMin,
    depositMax,
    rentMin,
    rentMax,
  }: { depositMin: number; depositMax: number; rentMin: number; rentMax: number },
  locale: Locale = 'ko',
): string {
  const span = (min: number, max: number, one: (n: number) => string, sep: string) => {
    const low = min > 0 ? min : max;
    const high = max > 0 ? max : min;
    return low === high ? one(low) : `${one(low)}${sep}${one(high)}`;
  };
  const won = (n: number) => formatManwon(n, 'en');
  const deposit =
    depositMin > 0 || depositMax > 0
      ? locale === 'en'
        ? `Deposit ${span(depositMin, depositMax, won, ' ~ ')}`
        : `보증금 ${span(depositMin, depositMax, manwonShort, '~')}`
      : null;
  const rent =
    rentMin > 0 || rentMax > 0
      ? locale === 'en'
        ? `${span(rentMin, rentMax, won, ' ~ ')} a month`
        : `월 ${span(rentMin, rentMax, manwonShort, '~')}`
      : null;
  return [deposit, rent].filter(Boolean).join(' / ') || '-';
}

// One rule for phones on both sides (the server's exports write them too).
export { formatPhone, phoneDigits } from '../../sync/phone.ts';

/** Times are stored in UTC and shown in Asia/Seoul. */
export function formatDateTime(iso: string | null | undefined, locale: Locale = 'ko'): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return dateTimeFormatter(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** The Seoul time of day of an instant, HH:mm (a time today). */
export function formatTime(iso: string | null | undefined, locale: Locale = 'ko'): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return dateTimeFormatter(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

export function formatDate(iso: string | null | undefined, locale: Locale = 'ko'): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return dateTimeFormatter(locale === 'ko' ? 'ko-KR' : 'en-GB', {
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
