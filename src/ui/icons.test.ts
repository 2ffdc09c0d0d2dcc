import { describe, expect, it } from 'vitest';
import * as icons from './icons.ts';

describe('the icons the screens draw', () => {
  it('each has a drawing (a lucide module that only re-exports another has none, and the screen would break)', () => {
    const missing = Object.entries(icons)
      .filter(([, data]) => !Array.isArray((data as { node?: unknown } | undefined)?.node))
      .map(([name]) => name);
    expect(Object.keys(icons).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
