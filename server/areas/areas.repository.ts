import { sql } from 'kysely';
import type { AreaItem } from '../../sync/api/areas.api.ts';
import type { DbOrTx } from '../db/database.ts';

/** Every 시/군/구 in table order (province by province), with whether the member takes an interest in it. */
export async function areaList({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<AreaItem[]> {
  const rows = await sql<AreaItem>`SELECT a.f_idx, a.f_area, a.f_district,
      CASE WHEN l.f_area_idx IS NULL THEN 'N' ELSE 'Y' END AS f_like
    FROM areas a LEFT JOIN area_likes l ON l.f_area_idx = a.f_idx AND l.f_user_idx = ${userIdx}
    ORDER BY a.f_idx`.execute(db);
  return rows.rows;
}

/** The districts of one area (by its index), or of a whole 시/도 (by its name). */
export async function areaIdxs({
  db,
  idx,
  province,
}: {
  db: DbOrTx;
  idx?: number;
  province?: string;
}): Promise<number[]> {
  let q = db.selectFrom('areas').select('f_idx');
  if (idx !== undefined) q = q.where('f_idx', '=', idx);
  if (province !== undefined) q = q.where('f_area', '=', province);
  return (await q.execute()).map((r) => r.f_idx);
}

export async function setLikes({
  db,
  userIdx,
  areaIdxs,
  like,
  now,
}: {
  db: DbOrTx;
  userIdx: number;
  areaIdxs: number[];
  like: boolean;
  now: Date;
}): Promise<void> {
  if (areaIdxs.length === 0) return;
  if (like) {
    await db
      .insertInto('area_likes')
      .values(
        areaIdxs.map((f_area_idx) => ({ f_user_idx: userIdx, f_area_idx, f_reg_time: now.toISOString() })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('area_likes')
      .where('f_user_idx', '=', userIdx)
      .where('f_area_idx', 'in', areaIdxs)
      .execute();
  }
}

export async function likeCount({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<number> {
  const row = await db
    .selectFrom('area_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f_user_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
