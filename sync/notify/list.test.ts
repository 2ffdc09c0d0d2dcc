import { describe, expect, it } from 'vitest';
import { SEARCH_IGNORED, searchKey } from './list.ts';

describe('the notification search', () => {
  it('ignores exactly the characters JavaScript counts as white space, which the server removes one by one', () => {
    const white: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (/\s/.test(c)) white.push(c);
    }
    expect([...SEARCH_IGNORED].sort()).toEqual(white.sort());
  });

  it('compares keywords with white space removed and ASCII letters in one case, other letters as written', () => {
    expect(searchKey(' 모델\t하우스\nAlpha\u3000Ä ')).toBe('모델하우스alphaÄ');
  });
});
