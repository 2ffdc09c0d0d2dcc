/**
 * Actual transaction prices and their area types: the product shows sample data here (spec §2:
 * the trade tab and the area selection popup; the provider call exists but is not used),
 * derived from the parcel number so a site always shows the same rows.
 */
export interface SampleTrade {
  /** Its place in the sample, newest 0. */
  id: number;
  month: string;
  /** Exclusive area in ㎡, one of the parcel's area types. */
  area: number;
  floor: number;
  manwon: number;
}

/** Exclusive areas Korean complexes are built in (㎡). */
const AREA_TYPES = [39.6, 49.8, 59.9, 74.5, 84.9, 101.2, 114.7] as const;

function seedOf(pnu: string): number {
  return Number(pnu.slice(-6)) || 1;
}

/** Two to four area types a parcel's sample is built in, smallest first. */
export function sampleAreaTypes(pnu: string): number[] {
  const seed = seedOf(pnu);
  const count = 2 + (seed % 3);
  const first = seed % (AREA_TYPES.length - count + 1);
  return AREA_TYPES.slice(first, first + count);
}

/** Twelve trades over the last two years, newest first, each in one of the parcel's area types. */
export function sampleTrades(pnu: string): SampleTrade[] {
  const seed = seedOf(pnu);
  const areas = sampleAreaTypes(pnu);
  return Array.from({ length: 12 }, (_, i) => {
    const area = areas[(seed + i * 7) % areas.length] ?? 59.9;
    return {
      id: i,
      month: `${2025 - Math.floor(i / 6)}-${String(12 - (i % 6) * 2).padStart(2, '0')}`,
      area,
      floor: 2 + ((seed + i) % 12),
      manwon: Math.round((area * (620 + ((seed * (i + 3)) % 180))) / 100) * 100,
    };
  });
}

/** Each area type with the number of its trades (the area selection popup's choices). */
export function areaChoices(trades: SampleTrade[]): Array<{ area: number; count: number }> {
  const counts = new Map<number, number>();
  for (const t of trades) counts.set(t.area, (counts.get(t.area) ?? 0) + 1);
  return [...counts].map(([area, count]) => ({ area, count })).sort((a, b) => a.area - b.area);
}
