import type { NotifyItem } from '../api/notify.api.ts';
import { NotifyRules, type NotifySearchColumn } from './rules.ts';

/**
 * The notification lists' rules, for the lists the device reads (src/features/notify/local-notify.ts)
 * and the server's (server/notify/notify.repository.ts, which writes the same rules in SQL):
 * tests/unit/notify-list-parity.test.ts proves on generated data that both give the same rows in
 * the same order.
 *
 * Order: received made+ notifications sent in the last `NotifyRules.pinHours` hours first, then
 * newest sent first (one's own count as sent when written), then the higher notification, then the
 * higher delivery. Search: a column holds the keyword when both, stripped of white space and with
 * ASCII letters in one case, contain it (SQLite's LIKE folds ASCII case only); one's own
 * notifications have no writer to search.
 */

/** What a search ignores, in the keyword and in the text: JavaScript's white space (`\s`), one by one. */
export const SEARCH_IGNORED: readonly string[] = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

const IGNORED = /\s/g;
const ASCII_UPPER = /[A-Z]/g;

/** A keyword or a text as a search compares them. */
export function searchKey(text: string): string {
  return text.replace(IGNORED, '').replace(ASCII_UPPER, (c) => c.toLowerCase());
}

/** The text a search column looks in: one's own notification has no writer to search. */
export function notifySearchText({ item, column }: { item: NotifyItem; column: NotifySearchColumn }): string {
  if (column === 'title') return item.f_title;
  if (column === 'content') return item.f_content;
  if (column === 'site') return item.f_site_name;
  return item.mine ? '' : `${item.writer.f_name}${item.writer.f_phone}`;
}

export function matchesNotifySearch({
  item,
  column,
  keyword,
}: {
  item: NotifyItem;
  column: NotifySearchColumn;
  keyword: string;
}): boolean {
  const key = searchKey(keyword);
  return key === '' || searchKey(notifySearchText({ item, column })).includes(key);
}

/** Made+ notifications sent after this instant stay on top of the received lists. */
export function notifyPinnedSince(now: Date): string {
  return new Date(now.getTime() - NotifyRules.pinHours * 3_600_000).toISOString();
}

function pinned(item: NotifyItem, since: string): number {
  return item.inbox_idx !== null && item.f_made1 === 'Y' && item.f_send_time > since ? 1 : 0;
}

/** The lists' order, for a list read at the instant `notifyPinnedSince` was given. */
export function compareNotifyItems(since: string): (a: NotifyItem, b: NotifyItem) => number {
  return (a, b) =>
    pinned(b, since) - pinned(a, since) ||
    (a.f_send_time < b.f_send_time ? 1 : a.f_send_time > b.f_send_time ? -1 : 0) ||
    b.f_idx - a.f_idx ||
    (b.inbox_idx ?? 0) - (a.inbox_idx ?? 0);
}
