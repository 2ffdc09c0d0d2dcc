import { describe, expect, it } from 'vitest';
import { areaChoices, sampleAreaTypes, sampleTrades } from './sample-trades.ts';

const PNU = '1168010100107370012';

describe('sample transaction prices', () => {
  it('are the same twelve trades for the same parcel, newest first', () => {
    const trades = sampleTrades(PNU);
    expect(trades).toHaveLength(12);
    expect(sampleTrades(PNU)).toEqual(trades);
    const months = trades.map((t) => t.month);
    expect(months).toEqual([...months].sort().reverse());
  });

  it('offer as area choices exactly the areas the trades were made in, with their counts', () => {
    for (const pnu of [PNU, '4113510900100120000', '1144010100100010001']) {
      const trades = sampleTrades(pnu);
      const choices = areaChoices(trades);
      expect(choices.map((c) => c.area)).toEqual(
        sampleAreaTypes(pnu).filter((a) => trades.some((t) => t.area === a)),
      );
      expect(choices.reduce((n, c) => n + c.count, 0)).toBe(trades.length);
      expect(choices.length).toBeGreaterThanOrEqual(2);
    }
  });
});
