import type SQLite from 'better-sqlite3';
import type { DbOrTx } from '../db/database.ts';
import { provinces } from './regions.ts';

/** The area list (시/도, 시/군/구) as rows of `areas`, in the order they get their ids. */
function areaRows() {
  return provinces.flatMap((province) =>
    province.districts.map((district) => ({
      f_area: province.name,
      f_district: district.name,
      f_code: district.code,
      f_latitude: district.lat ?? null,
      f_longitude: district.lng ?? null,
    })),
  );
}

/** Fills the area list once; it is reference data, needed with or without demo data. */
export function ensureAreas({ sqlite }: { sqlite: SQLite.Database }): number {
  const { n } = sqlite.prepare('SELECT COUNT(*) AS n FROM areas').get() as { n: number };
  if (n > 0) return 0;
  const insert = sqlite.prepare(
    'INSERT INTO areas (f_area, f_district, f_code, f_latitude, f_longitude) VALUES (@f_area, @f_district, @f_code, @f_latitude, @f_longitude)',
  );
  const rows = areaRows();
  sqlite.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  return rows.length;
}

/** The same through kysely, on either database (test fixtures; the seeds run on SQLite). */
export async function ensureAreasIn({ db }: { db: DbOrTx }): Promise<number> {
  const { n } = await db
    .selectFrom('areas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return 0;
  const rows = areaRows();
  await db.insertInto('areas').values(rows).execute();
  return rows.length;
}
