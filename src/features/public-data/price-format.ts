import { numberFormatter } from '../../lib/format.ts';

/**
 * Chart axis labels for won amounts (spec §9): 만 from 10,000 won, 억 from 100,000,000 won.
 * 1,250,000 → "125만", 350,000,000 → "3.5억", 9,000 → "9,000".
 */
export function axisWon(won: number): string {
  const abs = Math.abs(won);
  const trim = (n: number) => String(Math.round(n * 100) / 100);
  if (abs >= 100_000_000) return `${trim(won / 100_000_000)}억`;
  if (abs >= 10_000) return `${trim(won / 10_000)}만`;
  return numberFormatter('ko-KR').format(won);
}

/** A won amount in full for the tables: "₩1,250,000" style without the symbol, 0 as a dash. */
export function tableWon(won: number): string {
  return won === 0 || !Number.isFinite(won) ? '-' : `${numberFormatter('ko-KR').format(won)}`;
}
