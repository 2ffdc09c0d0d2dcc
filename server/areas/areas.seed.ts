import type SQLite from 'better-sqlite3';
import { provinces } from './regions.ts';

/** Fills the area list (시/도, 시/군/구) once; it is reference data, needed with or without demo data. */
export function ensureAreas({ sqlite }: { sqlite: SQLite.Database }): number {
  const { n } = sqlite.prepare('SELECT COUNT(*) AS n FROM areas').get() as { n: number };
  if (n > 0) return 0;
  const insert = sqlite.prepare(
    'INSERT INTO areas (f_area, f_district, f_code, f_latitude, f_longitude) VALUES (?, ?, ?, ?, ?)',
  );
  let count = 0;
  sqlite.transaction(() => {
    for (const province of provinces) {
      for (const district of province.districts) {
        insert.run(province.name, district.name, district.code, district.lat ?? null, district.lng ?? null);
        count++;
      }
    }
  })();
  return count;
}
