import { describe, expect, it } from 'vitest';
import { unwrappedEnglish } from '../../scripts/jsx-text.ts';

describe('the i18n check’s look at components (scripts/jsx-text.ts)', () => {
  it('finds English text, strings in the markup and plain visible attributes that bypass Lingui', () => {
    const code = [
      'export function A({ open }: { open: boolean }) {',
      '  return (',
      '    <div title="Details">',
      '      Save changes',
      "      {open ? 'Close' : 'Open'}",
      "      <input placeholder={'Search sites'} aria-label={`Search`} />",
      '      <img alt="Logo" src="/logo.png" />',
      '      <TextField label="Name" value={name} />',
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    expect(unwrappedEnglish(code)).toEqual([
      '3: Details',
      '4: Save changes',
      '5: Close',
      '5: Open',
      '6: Search sites',
      '6: Search',
      '7: Logo',
      '8: Name',
    ]);
  });

  it('lets through text in Lingui, other attributes, and text without letters', () => {
    const code = [
      'export function B() {',
      '  const { t } = useLingui();',
      '  return (',
      '    <p className="muted" data-testid="count-line" title={t`Details`}>',
      '      <Trans>Save changes</Trans> · {count} / {total}',
      '      <Plural value={n} one="# site" other="# sites" />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a component's source, as text.
      '      {t`Search sites`} {`${size} ㎡`} {"—"}',
      '      <input type="text" name="title" placeholder={t`Search`} />',
      '    </p>',
      '  );',
      '}',
    ].join('\n');
    expect(unwrappedEnglish(code)).toEqual([]);
  });
});
