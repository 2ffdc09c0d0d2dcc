import { describe, expect, it } from 'vitest';
import { drawing, shellIcons as names } from '../../scripts/shell-icons.ts';
import { shellIcons } from '../../src/ui/shell-icons.ts';

describe('the shell icons module', () => {
  it('holds lucide’s drawing for every shell icon (run scripts/shell-icons.ts after changing the list)', async () => {
    expect(Object.keys(shellIcons).sort()).toEqual(Object.keys(names).sort());
    for (const [meaning, name] of Object.entries(names)) {
      const icon = shellIcons[meaning as keyof typeof shellIcons];
      expect(icon.name).toBe(name);
      expect(icon.node).toEqual(await drawing(name));
    }
    expect(shellIcons.back.node).toEqual([['path', { d: 'm15 18-6-6 6-6', key: '1wnfg3' }]]);
  });
});
