import { i18n } from '@lingui/core';
import { messages as en } from './locales/en.po';
import { messages as ko } from './locales/ko.po';

export type Locale = 'ko' | 'en';
export const locales: readonly Locale[] = ['ko', 'en'];
/** Each language named in itself (an endonym is never translated). */
export const languageNames: Record<Locale, string> = { ko: '한국어', en: 'English' };
export const languageShortNames: Record<Locale, string> = { ko: '한', en: 'EN' };

const STORAGE_KEY = 'bt.locale';

// Both catalogs are bundled (they are small) so that switching works offline.
i18n.load({ ko, en });

export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'ko') return stored;
  } catch {
    // Storage may be unavailable (private mode); Korean is the default.
  }
  return 'ko';
}

export function activateLocale(locale: Locale): void {
  i18n.activate(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; still switched for this visit.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return (i18n.locale as Locale) || 'ko';
}

export { i18n };
