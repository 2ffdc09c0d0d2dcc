import { SQM_PER_PYEONG } from '../../sync/constants.ts';

export type Locale = 'ko' | 'en';

const numberFormat = new Intl.NumberFormat('ko-KR');

/** 12345 → "12,345". */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** Strips thousands separators typed or pasted into a number field: "1,200" → 1200. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Spec §5 Display: empty, 0 or "0000" show a dash. */
export function isBlankValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || value === 0 || value === '0' || value === '0000'
  );
}

export function dashIfBlank(
  value: string | number | null | undefined,
  render?: (v: string | number) => string,
): string {
  if (value === null || value === undefined || isBlankValue(value)) return '-';
  return render ? render(value) : String(value);
}

/**
 * Money is kept in 만원 (10,000 won). Korean: 35000 → "3억 5,000만원", 30000 → "3억원",
 * 5000 → "5,000만원". English: the won amount, "₩350,000,000". 0 or empty → "-".
 */
export function formatManwon(manwon: number | null | undefined, locale: Locale = 'ko'): string {
  if (manwon === null || manwon === undefined || manwon === 0 || !Number.isFinite(manwon)) return '-';
  const sign = manwon < 0 ? '-' : '';
  const abs = Math.abs(Math.round(manwon));
  if (locale === 'en') {
    return sign + new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW' }).format(abs * 10_000);
  }
  const eok = Math.floor(abs / 10_000);
  const man = abs % 10_000;
  if (eok > 0 && man > 0) return `${sign}${formatNumber(eok)}억 ${formatNumber(man)}만원`;
  if (eok > 0) return `${sign}${formatNumber(eok)}억원`;
  return `${sign}${formatNumber(man)}만원`;
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

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** ㎡ → 평, two decimals (1평 = 3.305785㎡). */
export function sqmToPyeong(sqm: number): number {
  return round2(sqm / SQM_PER_PYEONG);
}

/** 평 → ㎡, two decimals. */
export function pyeongToSqm(pyeong: number): number {
  return round2(pyeong * SQM_PER_PYEONG);
}

/** "84㎡ (25.41평)" */
export function formatArea(sqm: number | null | undefined): string {
  if (!sqm) return '-';
  return `${formatNumber(round2(sqm))}㎡ (${formatNumber(sqmToPyeong(sqm))}평)`;
}

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

/**
 * A calendar day stored as YYYY-MM-DD (a site's open date) in the reader's own date style
 * ("2007. 11. 01."): it names a day, not an instant, so no time zone moves it.
 */
export function formatDay(ymd: string | null | undefined, locale: Locale = 'ko'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  if (!m) return dashIfBlank(ymd);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** Keyword spaces are stripped before searching (spec §5). */
export function normalizeKeyword(text: string): string {
  return text.replace(/\s+/g, '');
}
