import type { OfficetelPrice } from '../../sync/public-data/public-data.ts';
import type { Db } from '../db/database.ts';
import { type OfficetelRow, officetelValue } from './officetel.ts';

/** A year imported again replaces that year's rows in one transaction. */
export async function importOfficetelRows({
  db,
  year,
  rows,
}: {
  db: Db;
  year: string;
  rows: OfficetelRow[];
}): Promise<number> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('officetel_prices').where('f_year', '=', year).execute();
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insertInto('officetel_prices')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            f_year: year,
            f_pnu: r.pnu,
            f_build_addr: r.build_addr,
            f_buildnum: r.buildnum,
            f_dong: r.dong,
            f_floor: r.floor,
            f_ho: r.ho,
            f_pbdate: r.pbdate,
            f_totarea: r.totarea,
            f_sharea: r.sharea,
            f_pbprice: r.pbprice,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  return rows.length;
}

const levelColumn = { 1: 'f_buildnum', 2: 'f_dong', 3: 'f_floor', 4: 'f_ho' } as const;

/** The names at one level under the chosen upper levels, in natural order. */
export async function officetelLevel({
  db,
  pnu,
  level,
  buildnum,
  dong,
  floor,
}: {
  db: Db;
  pnu: string;
  level: 1 | 2 | 3 | 4;
  buildnum?: string | undefined;
  dong?: string | undefined;
  floor?: string | undefined;
}): Promise<string[]> {
  const column = levelColumn[level];
  let q = db.selectFrom('officetel_prices').select(column).distinct().where('f_pnu', '=', pnu);
  if (level > 1) q = q.where('f_buildnum', '=', buildnum ?? '');
  if (level > 2) q = q.where('f_dong', '=', dong ?? '');
  if (level > 3) q = q.where('f_floor', '=', floor ?? '');
  const rows = await q.execute();
  return rows
    .map((r) => String((r as Record<string, unknown>)[column]))
    .sort((a, b) => a.localeCompare(b, 'ko', { numeric: true }));
}

export async function officetelPrices({
  db,
  pnu,
  buildnum,
  dong,
  floor,
  ho,
}: {
  db: Db;
  pnu: string;
  buildnum: string;
  dong: string;
  floor: string;
  ho: string;
}): Promise<OfficetelPrice[]> {
  const rows = await db
    .selectFrom('officetel_prices')
    .selectAll()
    .where('f_pnu', '=', pnu)
    .where('f_buildnum', '=', buildnum)
    .where('f_dong', '=', dong)
    .where('f_floor', '=', floor)
    .where('f_ho', '=', ho)
    .orderBy('f_year')
    .execute();
  return rows.map((r) => ({
    f_year: r.f_year,
    f_build_addr: r.f_build_addr,
    f_buildnum: r.f_buildnum,
    f_dong: r.f_dong,
    f_floor: r.f_floor,
    f_ho: r.f_ho,
    f_pbdate: r.f_pbdate,
    f_totarea: r.f_totarea,
    f_sharea: r.f_sharea,
    f_pbprice: r.f_pbprice,
    value: officetelValue(r),
  }));
}
