import { describe, expect, it } from 'vitest';
import { adsInOrder, canonicalConnect, connectProblem, normalizeAdLink } from './ads.ts';

describe('ad links (spec §5, §9)', () => {
  it('adds http:// to a link without it and keeps http and https links as they are', () => {
    expect(normalizeAdLink(' example.com/a ')).toBe('http://example.com/a');
    expect(normalizeAdLink('HTTPS://example.com')).toBe('HTTPS://example.com');
    expect(normalizeAdLink('http://example.com')).toBe('http://example.com');
  });

  it('needs a number for a site or a post, a link for L, and nothing for an image', () => {
    expect(connectProblem({ type: 'S', value: '12' })).toBeNull();
    expect(connectProblem({ type: 'S', value: '0' })).not.toBeNull();
    expect(connectProblem({ type: 'C', value: 'abc' })).not.toBeNull();
    expect(connectProblem({ type: 'L', value: '' })).not.toBeNull();
    expect(connectProblem({ type: 'L', value: 'a b.com' })).not.toBeNull();
    expect(connectProblem({ type: 'I', value: '' })).toBeNull();
    expect(canonicalConnect({ type: 'I', value: 'left over' })).toBe('');
  });

  it('shows ads in slot order in mode S and shuffles them in mode R', () => {
    const ads = [1, 2, 3, 4];
    expect(adsInOrder({ ads, mode: 'S', random: () => 0 })).toEqual([1, 2, 3, 4]);
    // With random() = 0 every step swaps with the first: a rotation, never the slot order.
    expect(adsInOrder({ ads, mode: 'R', random: () => 0 })).toEqual([2, 3, 4, 1]);
    expect(adsInOrder({ ads, mode: 'R', random: Math.random }).sort()).toEqual([1, 2, 3, 4]);
    expect(ads).toEqual([1, 2, 3, 4]);
  });
});
