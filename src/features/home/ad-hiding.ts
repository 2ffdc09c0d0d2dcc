import { AD_HIDE_HOURS } from '../../../sync/home/ads.ts';

/** 'Hide for 8 hours' (spec §9): kept on the device, so it holds across reloads and restarts. */
const KEY = 'bt.adsHiddenUntil';
/** The ad popup was shown in this session (this tab, reloads included; a new app start is a new one). */
const SESSION_KEY = 'bt.adsShownInSession';

export function adsHidden(now = Date.now()): boolean {
  const until = Number(localStorage.getItem(KEY) ?? 0);
  return Number.isFinite(until) && until > now;
}

export function hideAds(now = Date.now()): void {
  localStorage.setItem(KEY, String(now + AD_HIDE_HOURS * 60 * 60 * 1000));
}

export function adsShownInSession(): boolean {
  return sessionStorage.getItem(SESSION_KEY) === '1';
}

export function markAdsShown(): void {
  sessionStorage.setItem(SESSION_KEY, '1');
}

/**
 * What the home does with the ads when its server data arrives (`data-ads` on the screen):
 * none to show; already shown this session (at most once a session); hidden by the member for
 * 8 hours; `later` while a confirmation is on screen (the "saved" after registering a site, a
 * dialog): never over it, and the next visit of the home decides again; else shown now.
 */
export type AdsDecision = 'none' | 'shown-before' | 'hidden' | 'later' | 'shown';

export function decideAds({
  count,
  shownInSession,
  hidden,
  confirmationShowing,
}: {
  count: number;
  shownInSession: boolean;
  hidden: boolean;
  confirmationShowing: boolean;
}): AdsDecision {
  if (count === 0) return 'none';
  if (shownInSession) return 'shown-before';
  if (hidden) return 'hidden';
  if (confirmationShowing) return 'later';
  return 'shown';
}
