import { Limits } from '../constants.ts';

/**
 * Home ads and the home logo's link (spec §3 Ad and Home setting, §5 ad links, §9 ads), shared
 * by the admin form, the server and the home: what a connect type means and how its value is
 * written down.
 * - S site: the value is a site number; tapping opens the site.
 * - C community: the value is a community post number; tapping opens the post.
 * - I image: no value; tapping shows the ad's image full size.
 * - L link: the value is a web address; tapping opens it (http:// is added when missing).
 * '' is a slot (or a logo) that opens nothing.
 */

export const adConnectTypes = ['', 'S', 'C', 'I', 'L'] as const;
export type AdConnectType = (typeof adConnectTypes)[number];

/** The home logo links like an ad, except to its own image. */
export const homeLinkTypes = ['', 'S', 'C', 'L'] as const;
export type HomeLinkType = (typeof homeLinkTypes)[number];

export const AD_SLOTS = Limits.adSlots;
/** Hours an ad stays away after 'hide for 8 hours' (spec §9). */
export const AD_HIDE_HOURS = 8;
/** Longest ad period an admin may set, in days. */
export const MAX_AD_PERIOD_DAYS = 3650;
export const MAX_CONNECT_VALUE = 500;

export type AdsMode = 'S' | 'R';

/** Spec §5: an ad link without http gets http:// in front. */
export function normalizeAdLink(value: string): string {
  const link = value.trim();
  return /^https?:\/\//i.test(link) ? link : `http://${link}`;
}

/** Why a connect value does not fit its type (a field reason), or null. */
export function connectProblem({ type, value }: { type: AdConnectType; value: string }): string | null {
  const v = value.trim();
  if (type === 'S' || type === 'C') return /^[1-9]\d{0,15}$/.test(v) ? null : 'must be a number';
  if (type === 'L') {
    if (v === '') return 'link required';
    return /\s/.test(v) ? 'must be a web address' : null;
  }
  return null;
}

/** The stored value: a normalised link, a number as digits, nothing for an image or no link. */
export function canonicalConnect({ type, value }: { type: AdConnectType; value: string }): string {
  if (type === 'L') return normalizeAdLink(value);
  if (type === 'S' || type === 'C') return value.trim();
  return '';
}

/** The order ads show in: by slot (S), or shuffled (R) with the caller's random source. */
export function adsInOrder<T>({
  ads,
  mode,
  random,
}: {
  ads: readonly T[];
  mode: AdsMode;
  random: () => number;
}): T[] {
  const list = [...ads];
  if (mode !== 'R') return list;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}
