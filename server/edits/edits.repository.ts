import type { EditKind } from '../../sync/edits/edit-fields.ts';
import type { EditConflictRow } from '../../sync/protocol.ts';
import { sameValue } from '../../sync/site-fields.ts';
import type { DbOrTx, Tx } from '../db/database.ts';
import { rowsByKeys } from '../db/keyed-rows.ts';
import { pick } from '../sites/merge.ts';

/**
 * Edit conflicts of posts, comments and notifications (migrations/0050): an offline edit that
 * met a copy changed on the server since keeps both here until the member chooses on /sync.
 */

export interface NewEditConflict {
  userIdx: number;
  kind: EditKind;
  targetIdx: number;
  postIdx: number | null;
  subject: string;
  fields: string[];
  /** The member's values, the copy's the edit was made on, and the server's now (whole). */
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  baseVersion: number | null;
  current: Record<string, unknown>;
  currentVersion: number;
  clientId: string | null;
  mutationId: string | null;
  now: Date;
}

/**
 * Records a conflict, folding in an older open one of the same target so the member settles one
 * list of fields with the latest of their values; fields of the older one that now agree with the
 * server need no choice any more.
 */
export async function recordEditConflict({ tx, conflict }: { tx: Tx; conflict: NewEditConflict }) {
  const older = await tx
    .selectFrom('edit_conflicts')
    .selectAll()
    .where('f_user_idx', '=', conflict.userIdx)
    .where('f_kind', '=', conflict.kind)
    .where('f_target_idx', '=', conflict.targetIdx)
    .where('resolved_at', 'is', null)
    .execute();
  let fields = [...conflict.fields];
  let mine = conflict.mine;
  let base = conflict.base;
  for (const o of older) {
    fields = [...new Set([...(JSON.parse(o.fields) as string[]), ...fields])];
    mine = { ...(JSON.parse(o.mine) as object), ...mine };
    base = { ...(JSON.parse(o.base) as object), ...base };
    await tx
      .updateTable('edit_conflicts')
      .set({ resolved_at: conflict.now.toISOString(), resolution: '"superseded"' })
      .where('f_idx', '=', o.f_idx)
      .execute();
  }
  fields = fields.filter((f) => !sameValue(mine[f], conflict.current[f]));
  const row = await tx
    .insertInto('edit_conflicts')
    .values({
      f_user_idx: conflict.userIdx,
      f_kind: conflict.kind,
      f_target_idx: conflict.targetIdx,
      f_post_idx: conflict.postIdx,
      f_subject: conflict.subject,
      fields: JSON.stringify(fields),
      mine: JSON.stringify(pick({ source: mine, fields })),
      theirs: JSON.stringify(pick({ source: conflict.current, fields })),
      base: JSON.stringify(pick({ source: base, fields })),
      base_version: conflict.baseVersion,
      theirs_version: conflict.currentVersion,
      client_id: conflict.clientId,
      mutation_id: conflict.mutationId,
      f_reg_time: conflict.now.toISOString(),
      resolved_at: null,
      resolution: null,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return { conflictIdx: row.f_idx, fields };
}

/** The member's open conflict, marked settled with their choice; null when there is none. */
export async function settleEditConflict({
  tx,
  userIdx,
  conflictIdx,
  choose,
  now,
}: {
  tx: Tx;
  userIdx: number;
  conflictIdx: number;
  choose: Record<string, 'mine' | 'theirs'>;
  now: Date;
}) {
  const conflict = await tx
    .selectFrom('edit_conflicts')
    .selectAll()
    .where('f_idx', '=', conflictIdx)
    .where('f_user_idx', '=', userIdx)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (!conflict) return null;
  await tx
    .updateTable('edit_conflicts')
    .set({ resolved_at: now.toISOString(), resolution: JSON.stringify(choose) })
    .where('f_idx', '=', conflict.f_idx)
    .execute();
  const mine = JSON.parse(conflict.mine) as Record<string, unknown>;
  const theirs = JSON.parse(conflict.theirs) as Record<string, unknown>;
  const kept = Object.entries(choose)
    .filter(([field, side]) => side === 'mine' && Object.hasOwn(mine, field))
    .map(([field]) => field);
  return {
    kind: conflict.f_kind,
    targetIdx: conflict.f_target_idx,
    postIdx: conflict.f_post_idx,
    theirsVersion: conflict.theirs_version,
    mine: pick({ source: mine, fields: kept }),
    theirs: pick({ source: theirs, fields: kept }),
    kept,
  };
}

/** An open conflict as stored: its fields and sides are JSON text. */
export type StoredEditConflict = Omit<EditConflictRow, 'fields' | 'mine' | 'theirs'> & {
  fields: string;
  mine: string;
  theirs: string;
};

/** The member's open edit conflicts among these (the pull's 'editconflict' rows), by index. */
export function openEditConflictRows({
  db,
  userIdx,
  conflictIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  conflictIdxs: readonly number[];
}) {
  return rowsByKeys<StoredEditConflict>({
    db,
    sql: `SELECT f_idx AS k, f_idx, f_kind AS kind, f_target_idx AS target_idx, f_post_idx AS post_idx,
            f_subject AS subject, fields, mine, theirs, base_version, theirs_version, f_reg_time
          FROM edit_conflicts WHERE f_user_idx = ? AND resolved_at IS NULL AND f_idx IN (?keys)`,
    params: [userIdx],
    keys: conflictIdxs,
  });
}
