import { useSyncExternalStore } from 'react';
import { installPrompt } from './install-prompt.ts';

/**
 * Whether and how this device can install the app (issue 32): Chromium's prompt kept by
 * src/features/install/install-prompt.ts, or, on iOS (no prompt there), the guide to 홈 화면에 추가. Web
 * Push on iOS works only in the installed app, so the guide matters there too.
 */

/** Where a dismissal of the offer is remembered (this device; any member). */
const DISMISSED_KEY = 'bt.installDismissedAt';
/** A dismissed offer comes back after this long: an agent who said "later" may have meant it. */
export const INSTALL_OFFER_QUIET_DAYS = 90;

/** The app already runs installed (from the home screen, or as a desktop app window). */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * iOS and iPadOS browsers: the only ones with `navigator.standalone` (false in the browser, true
 * once added to the home screen). Feature-detected, not read from the user agent.
 */
export function isIosBrowser(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === false;
}

export function offerDismissed(now: number = Date.now()): boolean {
  const at = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
  return at > 0 && now - at < INSTALL_OFFER_QUIET_DAYS * 86_400_000;
}

export function rememberDismissal(now: number = Date.now()): void {
  localStorage.setItem(DISMISSED_KEY, String(now));
}

export type InstallWay = 'prompt' | 'ios' | null;

/** How this device installs the app now: the browser's prompt, the iOS guide, or not at all. */
export function useInstallWay(): InstallWay {
  const prompt = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, installPrompt.get);
  if (isStandalone()) return null;
  // iOS fires no prompt: its browsers add to the home screen from the share menu only.
  if (isIosBrowser()) return 'ios';
  return prompt ? 'prompt' : null;
}

/** Shows the browser's install prompt; answers whether the member installed. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = installPrompt.take();
  if (!event) return 'unavailable';
  await event.prompt();
  return (await event.userChoice).outcome;
}
