import type { MutatorArgs } from '../../sync/mutators.ts';
import type { DraftField, DraftFields } from '../../sync/site-fields.ts';
import { sameValue } from '../../sync/site-fields.ts';
import type { MutationContext } from '../http/mutation.ts';
import { pick } from './merge.ts';
import {
  conflictOfMember,
  insertConflict,
  markConflictResolved,
  openConflictsOfSite,
} from './site-conflicts.repository.ts';

/**
 * Conflicts of site edits (design.md guarantee 5): fields a draft save or a final save found
 * changed on the server since the device's copy are not overwritten; both values are kept in
 * sync_conflicts until the member chooses on /sync (the resolveConflict operation).
 */

/**
 * Records a conflict, folding in an older open one for the same site so the member settles
 * one list of fields with the latest of their values.
 */
export async function recordConflict({
  ctx,
  siteIdx,
  draftId,
  fields,
  mine,
  base,
  baseVersion,
  current,
  currentVersion,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  fields: DraftField[];
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  baseVersion: number | null;
  current: Required<DraftFields>;
  currentVersion: number;
}): Promise<number> {
  const userIdx = ctx.auth.user.f_idx;
  const older = await openConflictsOfSite({ db: ctx.tx, userIdx, siteIdx });
  let allFields = [...fields];
  let allMine = mine;
  let allBase = base;
  for (const o of older) {
    const oldFields = JSON.parse(o.fields) as DraftField[];
    allFields = [...new Set([...oldFields, ...allFields])];
    allMine = { ...(JSON.parse(o.mine) as object), ...allMine };
    allBase = { ...(JSON.parse(o.base) as object), ...allBase };
    await markConflictResolved({
      db: ctx.tx,
      conflictIdx: o.f_idx,
      time: ctx.now.toISOString(),
      resolution: '"superseded"',
    });
  }
  // Fields of an older conflict that now agree with the server need no choice any more.
  allFields = allFields.filter((f) => !sameValue(allMine[f], current[f]));
  return insertConflict({
    db: ctx.tx,
    conflict: {
      f_user_idx: userIdx,
      f_site_idx: siteIdx,
      draft_id: draftId,
      fields: JSON.stringify(allFields),
      mine: JSON.stringify(pick({ source: allMine, fields: allFields })),
      theirs: JSON.stringify(pick({ source: current, fields: allFields })),
      base: JSON.stringify(pick({ source: allBase, fields: allFields })),
      base_version: baseVersion,
      theirs_version: currentVersion,
      client_id: ctx.clientId,
      mutation_id: ctx.mutationId,
      f_reg_time: ctx.now.toISOString(),
      resolved_at: null,
      resolution: null,
    },
  });
}

/** The member's open conflict, marked settled with their choice; null when there is none. */
export async function settleConflict({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'resolveConflict'>;
}) {
  const { conflict_idx: conflictIdx, choose } = args;
  const conflict = await conflictOfMember({ db: ctx.tx, userIdx: ctx.auth.user.f_idx, conflictIdx });
  if (!conflict || conflict.resolved_at !== null) return null;
  await markConflictResolved({
    db: ctx.tx,
    conflictIdx: conflict.f_idx,
    time: ctx.now.toISOString(),
    resolution: JSON.stringify(choose),
  });
  const mine = JSON.parse(conflict.mine) as DraftFields;
  const theirs = JSON.parse(conflict.theirs) as DraftFields;
  const kept = Object.entries(choose)
    .filter(([field, side]) => side === 'mine' && field in mine)
    .map(([field]) => field);
  return {
    siteIdx: conflict.f_site_idx,
    draftId: conflict.draft_id,
    theirsVersion: conflict.theirs_version,
    mine: pick({ source: mine, fields: kept }),
    theirs: pick({ source: theirs, fields: kept }),
    kept,
  };
}
