import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fontCss,
  parseSubsets,
  subsetOfAsset,
  subsetsFor,
  uiFontSubsets,
} from '../../scripts/font-subsets.ts';

describe('the font subsets the service worker precaches', () => {
  const subsets = parseSubsets(readFileSync(fontCss, 'utf8'));
  const precached = new Set(uiFontSubsets());

  it('cover every character of the interface text and leave most of the font to be fetched when shown', () => {
    expect(subsets.size).toBe(92);
    const ui = subsetsFor({ text: '분양톡 현장 등록 저장했습니다 5억원 ㎡ 평 ABC 123', subsets });
    for (const n of ui) expect(precached.has(n)).toBe(true);
    expect(precached.size).toBeGreaterThan(5);
    expect(precached.size).toBeLessThan(subsets.size / 2);
  });

  it('reads a subset number from a built asset name and nothing from other files', () => {
    expect(subsetOfAsset('assets/PretendardVariable.subset.42-BxY_1a.woff2')).toBe(42);
    expect(subsetOfAsset('assets/index-BxY_1a.js')).toBeNull();
  });
});
