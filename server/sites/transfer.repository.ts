import type { Page } from '../../sync/api/page.ts';
import type { SiteTransferItem } from '../../sync/api/transfer.api.ts';
import { Limits } from '../../sync/constants.ts';
import type { DbOrTx } from '../db/database.ts';
import { selectPage } from '../db/paging.ts';

/** A member as a transfer needs them: who they are and whether they may receive a site. */
export interface TransferCandidate {
  f_idx: number;
  f_name: string;
  f_affiliation: string;
  f_phone: string;
  f_approval: 'P' | 'A' | 'R';
  f_status: 'N' | 'B' | 'WL' | 'LL';
  f_withdrawn_time: string | null;
  /** A: an admin account, which never receives a site. */
  f_type: 'U' | 'A';
}

function selectCandidate(db: DbOrTx) {
  return db
    .selectFrom('users')
    .select([
      'f_idx',
      'f_name',
      'f_affiliation',
      'f_phone',
      'f_approval',
      'f_status',
      'f_withdrawn_time',
      'f_type',
    ]);
}

export async function candidateByPhone({ db, phone }: { db: DbOrTx; phone: string }) {
  return (
    ((await selectCandidate(db).where('f_phone', '=', phone).executeTakeFirst()) as
      | TransferCandidate
      | undefined) ?? null
  );
}

export async function candidateByIdx({ db, userIdx }: { db: DbOrTx; userIdx: number }) {
  return (
    ((await selectCandidate(db).where('f_idx', '=', userIdx).executeTakeFirst()) as
      | TransferCandidate
      | undefined) ?? null
  );
}

/**
 * Moves the site to its new owner and releases its group link, only if `fromIdx` still owns
 * it (a second transfer racing this one changes nothing). Units, buildings, contacts and
 * pictures hang off the site and move with it. Answers whether the row changed.
 */
export async function moveSite({
  db,
  siteIdx,
  fromIdx,
  toIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  fromIdx: number;
  toIdx: number;
}): Promise<boolean> {
  const result = await db
    .updateTable('sites')
    .set({ f_user_idx: toIdx, f_group_idx: null })
    .where('f_idx', '=', siteIdx)
    .where('f_user_idx', '=', fromIdx)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The former owner's recent view of the site recorded their own management of it; without it
 * the site (unless they liked it) leaves their device at the next pull.
 */
export async function forgetOwnerView({
  db,
  siteIdx,
  userIdx,
}: {
  db: DbOrTx;
  siteIdx: number;
  userIdx: number;
}): Promise<void> {
  await db
    .deleteFrom('site_recent_views')
    .where('f_user_idx', '=', userIdx)
    .where('f_site_idx', '=', siteIdx)
    .execute();
}

export async function recordTransfer({
  db,
  siteIdx,
  fromIdx,
  toIdx,
  byIdx,
  groupIdx,
  time,
}: {
  db: DbOrTx;
  siteIdx: number;
  fromIdx: number;
  toIdx: number;
  byIdx: number;
  groupIdx: number | null;
  time: string;
}): Promise<void> {
  await db
    .insertInto('site_transfers')
    .values({
      f_site_idx: siteIdx,
      f_from_user_idx: fromIdx,
      f_to_user_idx: toIdx,
      f_by_user_idx: byIdx,
      f_from_group_idx: groupIdx,
      f_reg_time: time,
    })
    .execute();
}

export function transferPage({
  db,
  siteIdx,
  page,
}: {
  db: DbOrTx;
  siteIdx: number;
  page: number;
}): Promise<Page<SiteTransferItem>> {
  return selectPage({
    query: db
      .selectFrom('site_transfers as t')
      .innerJoin('users as f', 'f.f_idx', 't.f_from_user_idx')
      .innerJoin('users as d', 'd.f_idx', 't.f_to_user_idx')
      .leftJoin('groups as g', 'g.f_idx', 't.f_from_group_idx')
      .where('t.f_site_idx', '=', siteIdx)
      .select([
        't.f_idx',
        't.f_reg_time',
        'f.f_name as f_from_name',
        'f.f_phone as f_from_phone',
        'd.f_name as f_to_name',
        'd.f_phone as f_to_phone',
        'g.f_name as f_from_group_name',
      ])
      .orderBy('t.f_idx', 'desc'),
    page,
    limit: Limits.pageSize,
  });
}
