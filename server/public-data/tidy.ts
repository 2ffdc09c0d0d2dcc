import type {
  ApartPrice,
  ExposedArea,
  FloorOutline,
  HousePrice,
  LandPrice,
} from '../../sync/public-data/public-data.ts';

/**
 * One row per year (spec §5: results de-duplicated by stdrYear), oldest first. Providers repeat
 * a year when a price was corrected; the row published last wins, else the later one in the answer.
 */
export function onePerYear<T extends { stdrYear: string }>({
  rows,
  groupOf = () => '',
  publishedOf = () => '',
}: {
  rows: readonly T[];
  /** Rows of different units (apartment dong and ho) are de-duplicated apart. */
  groupOf?: (row: T) => string;
  publishedOf?: (row: T) => string;
}): T[] {
  const kept = new Map<string, T>();
  for (const row of rows) {
    if (!/^\d{4}$/.test(row.stdrYear)) continue;
    const key = `${groupOf(row)}\u0000${row.stdrYear}`;
    const before = kept.get(key);
    if (!before || publishedOf(row) >= publishedOf(before)) kept.set(key, row);
  }
  return [...kept.values()].sort(
    (a, b) =>
      groupOf(a).localeCompare(groupOf(b), 'ko', { numeric: true }) || a.stdrYear.localeCompare(b.stdrYear),
  );
}

export const tidyLandPrices = (rows: readonly LandPrice[]) =>
  onePerYear({ rows, publishedOf: (r) => r.pblntfDe });
export const tidyHousePrices = (rows: readonly HousePrice[]) => onePerYear({ rows });
export const tidyApartPrices = (rows: readonly ApartPrice[]) =>
  onePerYear({ rows, groupOf: (r) => `${r.aphusNm}\u0000${r.dongNm}\u0000${r.hoNm}` });

const byName = (a: string, b: string) => a.localeCompare(b, 'ko', { numeric: true });
/** Basement floors below ground floors: 지하 2, 지하 1, 1, 2 … */
const floorOrder = (gb: string, no: number) => (gb.includes('지하') ? -no : no);

export const tidyFloors = (rows: readonly FloorOutline[]) =>
  [...rows].sort(
    (a, b) =>
      byName(a.dongNm, b.dongNm) || floorOrder(a.flrGbCdNm, a.flrNo) - floorOrder(b.flrGbCdNm, b.flrNo),
  );

export const tidyExposedAreas = (rows: readonly ExposedArea[]) =>
  [...rows].sort(
    (a, b) =>
      byName(a.dongNm, b.dongNm) ||
      floorOrder(a.flrGbCdNm, a.flrNo) - floorOrder(b.flrGbCdNm, b.flrNo) ||
      byName(a.hoNm, b.hoNm) ||
      byName(a.exposPubuseGbCdNm, b.exposPubuseGbCdNm),
  );
