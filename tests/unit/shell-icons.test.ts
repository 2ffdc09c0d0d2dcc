import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shellIconsCss, shellIconsFile } from '../../scripts/shell-icons.ts';

describe('the shell icons stylesheet', () => {
  it('is what scripts/shell-icons.ts writes from lucide’s drawings (run it after changing the list)', async () => {
    const css = await shellIconsCss();
    expect(css).toContain('.shell-icon--home');
    expect(css).toContain(encodeURIComponent("d='m15 18-6-6 6-6'").replace(/%20/g, ' ').replace(/%3D/g, '='));
    expect(readFileSync(shellIconsFile, 'utf8')).toBe(css);
  });
});
