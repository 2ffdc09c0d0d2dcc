import { useLingui } from '@lingui/react/macro';
import { activateLocale, type Locale, languageNames, languageShortNames } from '../i18n/i18n.ts';

export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const next: Locale = i18n.locale === 'ko' ? 'en' : 'ko';
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => activateLocale(next)}
      // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
      aria-label={`${languageShortNames[next]} · ${t`Change language`}`}
      title={languageNames[next]}
    >
      {languageShortNames[next]}
    </button>
  );
}
