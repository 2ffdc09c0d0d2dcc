import { SQM_PER_PYEONG } from './constants.ts';

/**
 * How money, areas and days read, on both sides: the app's screens (src/lib/format.ts re-exports
 * these) and the server's own pages (the share page a customer opens) write them the same way.
 */

export type Locale = 'ko' | 'en';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter kept under `key`, made by `make` the first time. */
function reused<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * An Intl number formatter, made once per locale and options and then reused: making one costs far
 * more than using it (the first one loads ICU's locale data, some 25 ms on a slow phone, and a
 * date formatter resolves its time zone), and a list formats a number or date on every row.
 */
export function numberFormatter(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return reused(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** An Intl date formatter, made once per locale and options (see numberFormatter). */
export function dateTimeFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return reused(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** 12345 → "12,345". */
export function formatNumber(n: number): string {
  return numberFormatter('ko-KR').format(n);
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
    return sign + numberFormatter('en-US', { style: 'currency', currency: 'KRW' }).format(abs * 10_000);
  }
  const eok = Math.floor(abs / 10_000);
  const man = abs % 10_000;
  if (eok > 0 && man > 0) return `${sign}${formatNumber(eok)}억 ${formatNumber(man)}만원`;
  if (eok > 0) return `${sign}${formatNumber(eok)}억원`;
  return `${sign}${formatNumber(man)}만원`;
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

/**
 * A calendar day stored as YYYY-MM-DD (a site's open date) in the reader's own date style
 * ("2007. 11. 01."): it names a day, not an instant, so no time zone moves it.
 */
export function formatDay(ymd: string | null | undefined, locale: Locale = 'ko'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  if (!m) return dashIfBlank(ymd);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateTimeFormatter(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}
