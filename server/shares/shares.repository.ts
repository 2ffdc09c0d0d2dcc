import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { DbOrTx } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';

/** The reads and writes of share links (migrations/0048_site_shares.ts). */

export interface ShareRow {
  f_idx: number;
  f_site_idx: number;
  f_user_idx: number;
  f_token: string;
  f_reg_time: string;
  f_expires_at: string;
  f_revoked_time: string | null;
  f_view_count: number;
  f_last_view_time: string | null;
}

const SHARE_COLUMNS = [
  'f_idx',
  'f_site_idx',
  'f_user_idx',
  'f_token',
  'f_reg_time',
  'f_expires_at',
  'f_revoked_time',
  'f_view_count',
  'f_last_view_time',
] as const;

export async function insertShare({
  db,
  siteIdx,
  userIdx,
  token,
  time,
  expiresAt,
}: {
  db: DbOrTx;
  siteIdx: number;
  userIdx: number;
  token: string;
  time: string;
  expiresAt: string;
}): Promise<number> {
  const row = await db
    .insertInto('site_shares')
    .values({
      f_site_idx: siteIdx,
      f_user_idx: userIdx,
      f_token: token,
      f_reg_time: time,
      f_expires_at: expiresAt,
      f_revoked_time: null,
      f_last_view_time: null,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/** Links a member made after `since` (ISO), every site together. */
export async function sharesMadeSince({
  db,
  userIdx,
  since,
}: {
  db: DbOrTx;
  userIdx: number;
  since: string;
}): Promise<number> {
  const row = await db
    .selectFrom('site_shares')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f_user_idx', '=', userIdx)
    .where('f_reg_time', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's links to one site, newest first. */
export function sharePage({
  db,
  userIdx,
  siteIdx,
  page,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
  page: number;
}): Promise<Page<ShareRow>> {
  return selectPage({
    query: db
      .selectFrom('site_shares')
      .select(SHARE_COLUMNS)
      .where('f_user_idx', '=', userIdx)
      .where('f_site_idx', '=', siteIdx)
      .orderBy('f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}

export async function shareOfMember({
  db,
  shareIdx,
  userIdx,
}: {
  db: DbOrTx;
  shareIdx: number;
  userIdx: number;
}): Promise<ShareRow | null> {
  return (
    (await db
      .selectFrom('site_shares')
      .select(SHARE_COLUMNS)
      .where('f_idx', '=', shareIdx)
      .where('f_user_idx', '=', userIdx)
      .executeTakeFirst()) ?? null
  );
}

export async function shareByToken({ db, token }: { db: DbOrTx; token: string }): Promise<ShareRow | null> {
  return (
    (await db
      .selectFrom('site_shares')
      .select(SHARE_COLUMNS)
      .where('f_token', '=', token)
      .executeTakeFirst()) ?? null
  );
}

/** Stops a link once; a link already stopped keeps its first time. */
export async function revokeShare({ db, shareIdx, time }: { db: DbOrTx; shareIdx: number; time: string }) {
  await db
    .updateTable('site_shares')
    .set({ f_revoked_time: time })
    .where('f_idx', '=', shareIdx)
    .where('f_revoked_time', 'is', null)
    .execute();
}

export async function countView({ db, shareIdx, time }: { db: DbOrTx; shareIdx: number; time: string }) {
  await db
    .updateTable('site_shares')
    .set((eb) => ({ f_view_count: eb('f_view_count', '+', 1), f_last_view_time: time }))
    .where('f_idx', '=', shareIdx)
    .execute();
}

/** When the site last changed hands (site_transfers), or null: a link made before it no longer answers. */
export async function lastTransferTime({
  db,
  siteIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
}): Promise<string | null> {
  const row = await db
    .selectFrom('site_transfers')
    .select((eb) => eb.fn.max('f_reg_time').as('t'))
    .where('f_site_idx', '=', siteIdx)
    .executeTakeFirst();
  return (row?.t as string | null | undefined) ?? null;
}

/** The agent a link names as the contact, with what decides whether they still act for it. */
export interface Sharer {
  f_name: string;
  f_phone: string;
  f_affiliation: string;
  f_approval: 'P' | 'A' | 'R';
  f_status: 'N' | 'B' | 'WL' | 'LL';
  f_withdrawn_time: string | null;
}

export async function sharerOf({ db, userIdx }: { db: DbOrTx; userIdx: number }): Promise<Sharer | null> {
  return (
    (await db
      .selectFrom('users')
      .select(['f_name', 'f_phone', 'f_affiliation', 'f_approval', 'f_status', 'f_withdrawn_time'])
      .where('f_idx', '=', userIdx)
      .executeTakeFirst()) ?? null
  );
}
