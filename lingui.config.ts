import { defineConfig } from '@lingui/cli';

// Messages are written in English in the code; Korean is the default language shown,
// and English is the fallback for any message without a Korean translation.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ko', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'] }],
});
