import { AD_HIDE_HOURS } from '../../../sync/home/ads.ts';

/** 'Hide for 8 hours' (spec §9): kept on the device, so it holds across reloads and restarts. */
const KEY = 'bt.adsHiddenUntil';

export function adsHidden(now = Date.now()): boolean {
  const until = Number(localStorage.getItem(KEY) ?? 0);
  return Number.isFinite(until) && until > now;
}

export function hideAds(now = Date.now()): void {
  localStorage.setItem(KEY, String(now + AD_HIDE_HOURS * 60 * 60 * 1000));
}
