import type { LikeRow, MemoRow, RecentRow } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import { rowsOfKeys } from '../db/keyed-rows.ts';

/** A member's like and memo on a site (interest.service.ts): one row each, per member and site. */

export async function insertLike({
  db,
  userIdx,
  siteIdx,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
  time: string;
}): Promise<void> {
  await db
    .insertInto('site_likes')
    .values({ f_user_idx: userIdx, f_site_idx: siteIdx, f_reg_time: time })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteLike({ db, userIdx, siteIdx }: { db: DbOrTx; userIdx: number; siteIdx: number }) {
  await db
    .deleteFrom('site_likes')
    .where('f_user_idx', '=', userIdx)
    .where('f_site_idx', '=', siteIdx)
    .execute();
}

/** The member's one memo on the site, replaced whole. */
export async function upsertMemo({
  db,
  userIdx,
  siteIdx,
  memo,
  images,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
  memo: string;
  images: readonly string[];
  time: string;
}): Promise<void> {
  const values = { f_memo: memo, f_memo_images: JSON.stringify(images), f_update_time: time };
  await db
    .insertInto('site_memos')
    .values({ f_user_idx: userIdx, f_site_idx: siteIdx, ...values })
    .onConflict((oc) => oc.columns(['f_user_idx', 'f_site_idx']).doUpdateSet(values))
    .execute();
}

/** The member's likes of these sites (the pull's 'like' rows), by site. */
export function likesOf({
  db,
  userIdx,
  siteIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdxs: readonly number[];
}) {
  return rowsOfKeys<LikeRow>({
    keys: siteIdxs,
    rows: (chunk) =>
      db
        .selectFrom('site_likes')
        .select(['f_site_idx as k', 'f_site_idx', 'f_reg_time'])
        .where('f_user_idx', '=', userIdx)
        .where('f_site_idx', 'in', chunk)
        .execute(),
  });
}

/** A memo as stored: its images still JSON text. */
export type StoredMemo = Omit<MemoRow, 'f_memo_images'> & { f_memo_images: string };

/** The member's memos on these sites, by site. */
export function memosOf({
  db,
  userIdx,
  siteIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdxs: readonly number[];
}) {
  return rowsOfKeys<StoredMemo>({
    keys: siteIdxs,
    rows: (chunk) =>
      db
        .selectFrom('site_memos')
        .select(['f_site_idx as k', 'f_site_idx', 'f_memo', 'f_memo_images', 'f_update_time'])
        .where('f_user_idx', '=', userIdx)
        .where('f_site_idx', 'in', chunk)
        .execute(),
  });
}

/** The member's latest views of these sites, by site. */
export function recentViewsOf({
  db,
  userIdx,
  siteIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdxs: readonly number[];
}) {
  return rowsOfKeys<RecentRow>({
    keys: siteIdxs,
    rows: (chunk) =>
      db
        .selectFrom('site_recent_views')
        .select(['f_site_idx as k', 'f_site_idx', 'f_view_time'])
        .where('f_user_idx', '=', userIdx)
        .where('f_site_idx', 'in', chunk)
        .execute(),
  });
}
