import { dateTimeFormatter } from '../../../lib/format.ts';

/** Months as YYYY-MM (interestSiteList's date), turned and labelled for the month pager. */

export function addMonths({ month, by }: { month: string; by: number }): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** 2026년 11월 / November 2026. */
export function monthLabel({ month, locale }: { month: string; locale: string }): string {
  return dateTimeFormatter(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The month now in Seoul, where the business month turns. */
export function seoulMonthNow(now = new Date()): string {
  return new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 7);
}
