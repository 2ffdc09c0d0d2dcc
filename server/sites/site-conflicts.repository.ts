import type { ConflictRow } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import { rowsOfKeys } from '../db/keyed-rows.ts';
import type { NewSyncConflict } from '../sync/sync.tables.ts';

/** The rows of sync_conflicts: a member's open conflicts on a site (site-conflicts.ts holds the rules). */

export function openConflictsOfSite({
  db,
  userIdx,
  siteIdx,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
}) {
  return db
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .where('f_site_idx', '=', siteIdx)
    .where('resolved_at', 'is', null)
    .execute();
}

export function conflictOfMember({
  db,
  userIdx,
  conflictIdx,
}: {
  db: DbOrTx;
  userIdx: number;
  conflictIdx: number;
}) {
  return db
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('f_idx', '=', conflictIdx)
    .where('f_user_idx', '=', userIdx)
    .executeTakeFirst();
}

/** Marks a conflict settled, with the member's choice (JSON) or why it was closed. */
export async function markConflictResolved({
  db,
  conflictIdx,
  time,
  resolution,
}: {
  db: DbOrTx;
  conflictIdx: number;
  time: string;
  resolution: string;
}): Promise<void> {
  await db
    .updateTable('sync_conflicts')
    .set({ resolved_at: time, resolution })
    .where('f_idx', '=', conflictIdx)
    .execute();
}

export async function insertConflict({
  db,
  conflict,
}: {
  db: DbOrTx;
  conflict: NewSyncConflict;
}): Promise<number> {
  const row = await db
    .insertInto('sync_conflicts')
    .values(conflict)
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/** A conflict as stored: its fields and both sides still JSON text. */
export type StoredConflict = Omit<ConflictRow, 'fields' | 'mine' | 'theirs'> & {
  fields: string;
  mine: string;
  theirs: string;
};

/** The member's open conflicts among these (the pull's 'conflict' rows), by index. */
export function openConflictRows({
  db,
  userIdx,
  conflictIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  conflictIdxs: readonly number[];
}) {
  return rowsOfKeys<StoredConflict>({
    keys: conflictIdxs,
    rows: (chunk) =>
      db
        .selectFrom('sync_conflicts')
        .select([
          'f_idx as k',
          'f_idx',
          'f_site_idx',
          'draft_id',
          'fields',
          'mine',
          'theirs',
          'base_version',
          'theirs_version',
          'f_reg_time',
        ])
        .where('f_user_idx', '=', userIdx)
        .where('resolved_at', 'is', null)
        .where('f_idx', 'in', chunk)
        .execute(),
  });
}
