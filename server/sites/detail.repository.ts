import { type SqlBool, sql } from 'kysely';
import type { SiteDetailDong, SiteDetailHo } from '../../sync/api/site-detail.api.ts';
import type { SiteRow } from '../../sync/site-fields.ts';
import type { DbOrTx } from '../db/database.ts';
import { valueList } from '../db/json.ts';
import { runStatement } from '../db/statements.ts';
import { loadSiteRows, loadUnits } from './site-rows.repository.ts';

/** Reads of the site detail, with the same reads the sync pull uses for the same rows. */

export interface DetailRows {
  site: SiteRow;
  dongs: SiteDetailDong[];
  hos: SiteDetailHo[];
  liked: boolean;
  memo: { f_memo: string; f_memo_images: string[] } | null;
  groupName: string | null;
  latestNotification: { f_idx: number; f_reg_time: string } | null;
}

function parseImages(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export async function readDetailRows({
  db,
  siteIdx,
  userIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  userIdx: number;
}): Promise<DetailRows | null> {
  const [site] = await loadSiteRows({ db, ids: [siteIdx] });
  if (!site) return null;
  const dongRows = (await loadUnits({ db, ids: [siteIdx] })).get(siteIdx) ?? [];
  const dongs = dongRows.map(({ f_idx, f_dong, f_floor_count, f_units_per_floor, f_order }) => ({
    f_idx,
    f_dong,
    f_floor_count,
    f_units_per_floor,
    f_order,
  }));
  const hos = dongRows.flatMap((d) => d.hos.map((ho) => ({ ...ho, f_dong_idx: d.f_idx })));
  // The same few reads on every detail opened: kept statements (runStatement).
  const liked =
    (
      await runStatement({
        db,
        sql: 'SELECT 1 AS one FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ?',
        params: [userIdx, siteIdx],
      })
    ).rows.length > 0;
  const [memoRow] = (
    await runStatement<{ f_memo: string; f_memo_images: string }>({
      db,
      sql: 'SELECT f_memo, f_memo_images FROM site_memos WHERE f_user_idx = ? AND f_site_idx = ?',
      params: [userIdx, siteIdx],
    })
  ).rows;
  const group =
    site.f_group_idx === null
      ? undefined
      : (
          await runStatement<{ f_name: string }>({
            db,
            sql: 'SELECT f_name FROM groups WHERE f_idx = ?',
            params: [site.f_group_idx],
          })
        ).rows[0];
  const [latestNotification] = (
    await runStatement<{ f_idx: number; f_reg_time: string }>({
      db,
      sql: `SELECT f_idx, f_reg_time FROM notifications WHERE f_site_idx = ? AND f_removed_time IS NULL
        ORDER BY f_reg_time DESC, f_idx DESC LIMIT 1`,
      params: [siteIdx],
    })
  ).rows;
  return {
    site,
    dongs,
    hos,
    liked,
    memo: memoRow ? { f_memo: memoRow.f_memo, f_memo_images: parseImages(memoRow.f_memo_images) } : null,
    groupName: group?.f_name ?? null,
    latestNotification: latestNotification ?? null,
  };
}

/** One row per member and site, the latest view (the sync feed triggers pick it up). */
export async function recordRecentView({
  db,
  siteIdx,
  userIdx,
  time,
}: {
  db: DbOrTx;
  siteIdx: number;
  userIdx: number;
  time: string;
}): Promise<void> {
  await runStatement({
    db,
    sql: `INSERT INTO site_recent_views (f_user_idx, f_site_idx, f_view_time) VALUES (?, ?, ?)
      ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET f_view_time = excluded.f_view_time`,
    params: [userIdx, siteIdx, time],
  });
}

/** The ids of a site's units. */
export async function unitIdsOfSite({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<Set<number>> {
  const rows = await db.selectFrom('hos').select('f_idx').where('f_site_idx', '=', siteIdx).execute();
  return new Set(rows.map((r) => r.f_idx));
}

/**
 * Sets exactly the listed units of a site complete, the others not; only rows that change are
 * written, so the sync feed and the map summaries move only for them.
 */
export async function writeUnitCompletion({
  db,
  siteIdx,
  completed,
}: {
  db: DbOrTx;
  siteIdx: number;
  completed: readonly number[];
}): Promise<void> {
  const list = valueList({ db, values: completed });
  await db
    .updateTable('hos')
    .set({ f_complete: 'N' })
    .where('f_site_idx', '=', siteIdx)
    .where('f_complete', '=', 'Y')
    .where(sql<SqlBool>`f_idx NOT IN ${list}`)
    .execute();
  await db
    .updateTable('hos')
    .set({ f_complete: 'Y' })
    .where('f_site_idx', '=', siteIdx)
    .where('f_complete', '=', 'N')
    .where(sql<SqlBool>`f_idx IN ${list}`)
    .execute();
}
