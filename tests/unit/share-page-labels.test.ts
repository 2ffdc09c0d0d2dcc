import { describe, expect, it } from 'vitest';
import { sharePropertyLabels, shareTransLabels } from '../../server/shares/share-page.view.ts';
import { maemulLabels, transLabels } from '../../src/features/map/labels.ts';
import { activateLocale, i18n } from '../../src/i18n/i18n.ts';

/**
 * The public share page (server-rendered, Korean only, no Lingui on the server) writes property
 * and transaction types in its own words: they must be the app's Korean words for the same codes.
 */
describe('the share page’s labels', () => {
  it('are the app’s Korean property types and transaction types, code by code', async () => {
    expect(await activateLocale('ko')).toBe(true);
    expect(sharePropertyLabels).toEqual(maemulLabels.map((m) => i18n._(m)));
    const byCode = { 0: 'T', 1: 'C', 2: 'I', 3: 'M' } as const;
    for (const [code, letter] of Object.entries(byCode)) {
      expect(shareTransLabels[Number(code) as 0 | 1 | 2 | 3]).toBe(i18n._(transLabels[letter]));
    }
  });
});
