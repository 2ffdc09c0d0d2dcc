import { type SqlBool, sql } from 'kysely';
import type { SiteDetailDong, SiteDetailHo } from '../../sync/api/site-detail.api.ts';
import type { SiteRow } from '../../sync/site-fields.ts';
import type { DbOrTx } from '../db/database.ts';
import { valueList } from '../db/json.ts';
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
  const liked =
    (await db
      .selectFrom('site_likes')
      .select('f_site_idx')
      .where('f_user_idx', '=', userIdx)
      .where('f_site_idx', '=', siteIdx)
      .executeTakeFirst()) !== undefined;
  const memoRow = await db
    .selectFrom('site_memos')
    .select(['f_memo', 'f_memo_images'])
    .where('f_user_idx', '=', userIdx)
    .where('f_site_idx', '=', siteIdx)
    .executeTakeFirst();
  const group =
    site.f_group_idx === null
      ? undefined
      : await db
          .selectFrom('groups')
          .select('f_name')
          .where('f_idx', '=', site.f_group_idx)
          .executeTakeFirst();
  const latestNotification = await db
    .selectFrom('notifications')
    .select(['f_idx', 'f_reg_time'])
    .where('f_site_idx', '=', siteIdx)
    .where('f_removed_time', 'is', null)
    .orderBy('f_reg_time', 'desc')
    .orderBy('f_idx', 'desc')
    .limit(1)
    .executeTakeFirst();
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
  await db
    .insertInto('site_recent_views')
    .values({ f_user_idx: userIdx, f_site_idx: siteIdx, f_view_time: time })
    .onConflict((oc) => oc.columns(['f_user_idx', 'f_site_idx']).doUpdateSet({ f_view_time: time }))
    .execute();
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
