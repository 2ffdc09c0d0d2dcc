import type { LikeRow, MemoRow, RecentRow } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import { rowsOfKeys } from '../db/keyed-rows.ts';
import { runStatement } from '../db/statements.ts';

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
  await runStatement({
    db,
    sql: 'INSERT INTO site_likes (f_user_idx, f_site_idx, f_reg_time) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    params: [userIdx, siteIdx, time],
  });
}

export async function deleteLike({ db, userIdx, siteIdx }: { db: DbOrTx; userIdx: number; siteIdx: number }) {
  await runStatement({
    db,
    sql: 'DELETE FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ?',
    params: [userIdx, siteIdx],
  });
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
  await runStatement({
    db,
    sql: `INSERT INTO site_memos (f_user_idx, f_site_idx, f_memo, f_memo_images, f_update_time) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET
        f_memo = excluded.f_memo, f_memo_images = excluded.f_memo_images, f_update_time = excluded.f_update_time`,
    params: [userIdx, siteIdx, memo, JSON.stringify(images), time],
  });
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
