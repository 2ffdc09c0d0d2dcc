import { i18n, type Messages } from '@lingui/core';

export type Locale = 'ko' | 'en';
export const locales: readonly Locale[] = ['ko', 'en'];
/** Each language named in itself (an endonym is never translated). */
export const languageNames: Record<Locale, string> = { ko: '한국어', en: 'English' };
export const languageShortNames: Record<Locale, string> = { ko: '한', en: 'EN' };

const STORAGE_KEY = 'bt.locale';

// Only the active language's catalog is loaded; each is its own chunk, fetched on a switch.
// The service worker precaches both, so switching works offline. Each compiled catalog is
// complete: a message without Korean carries its English text (lingui.config.ts fallbackLocales).
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ko: () => import('./locales/ko.po'),
  en: () => import('./locales/en.po'),
};
const loaded = new Set<Locale>();
/** The last language asked for: a slower earlier switch must not win over it. */
let wanted: Locale | null = null;

export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'ko') return stored;
  } catch {
    // Storage may be unavailable (private mode); Korean is the default.
  }
  return 'ko';
}

/**
 * Shows the app in a language, loading its catalog first when needed. Resolves false, and the
 * app stays in its language, when the catalog cannot be fetched (offline before the service
 * worker cached it) or a later switch overtook this one; it never rejects, so a switch button
 * need not handle it.
 */
export async function activateLocale(locale: Locale): Promise<boolean> {
  wanted = locale;
  if (!loaded.has(locale)) {
    try {
      const { messages } = await catalogs[locale]();
      i18n.load(locale, messages);
      loaded.add(locale);
    } catch {
      return false;
    }
  }
  if (wanted !== locale) return false;
  i18n.activate(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; still switched for this visit.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return true;
}

export function currentLocale(): Locale {
  return (i18n.locale as Locale) || 'ko';
}

export { i18n };
