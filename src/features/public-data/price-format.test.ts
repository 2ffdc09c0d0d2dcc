import { describe, expect, it } from 'vitest';
import { axisWon, tableWon } from './price-format.ts';

describe('price chart axis', () => {
  it('speaks in 만 from ten thousand won and in 억 from a hundred million', () => {
    expect(axisWon(9_000)).toBe('9,000');
    expect(axisWon(1_250_000)).toBe('125만');
    expect(axisWon(350_000_000)).toBe('3.5억');
    expect(axisWon(1_200_000_000)).toBe('12억');
  });

  it('shows a dash for a zero price in the table', () => {
    expect(tableWon(0)).toBe('-');
    expect(tableWon(12_500_000)).toBe('12,500,000');
  });
});
