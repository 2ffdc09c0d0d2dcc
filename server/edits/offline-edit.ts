import type { EditKind } from '../../sync/edits/edit-fields.ts';
import { sameValue } from '../../sync/site-fields.ts';
import type { MutationContext, MutationOutcome } from '../http/mutation.ts';
import { mergeEdit, pick } from '../sites/merge.ts';
import { recordEditConflict } from './edits.repository.ts';

/**
 * An edit of a post, comment or notification as it arrives, online or from the outbox
 * (sync/edits/edit-fields.ts): with the copy it was made on, a three-way merge against the
 * server's copy (the same merge as site edits, server/sites/merge.ts); without one, the edit as
 * it is (what online callers sent before protocol 8). Each feature then runs its own update with
 * the merged fields, under the same access and charging rules as always.
 */

export interface MergedEdit<F> {
  /** The server's copy with the fields that go in. */
  next: F;
  /** The fields the member changed that the server changed meanwhile to something else. */
  conflicts: string[];
  /** Whether anything goes in. */
  changed: boolean;
}

export function mergeOfflineEdit<F extends object>({
  mine,
  base,
  baseVersion,
  theirs,
  theirsVersion,
  names,
}: {
  /** The edit, normalised as stored. */
  mine: F;
  base: Partial<F> | null;
  baseVersion: number | null;
  /** The server's copy now. */
  theirs: Required<F>;
  theirsVersion: number;
  names: readonly (keyof F & string)[];
}): MergedEdit<F> {
  if (base === null) {
    return { next: mine, conflicts: [], changed: names.some((n) => !sameValue(mine[n], theirs[n])) };
  }
  // What the member changed: a field of the copy they saw (base) that their edit does not hold.
  const changes: Partial<F> = {};
  for (const name of names) {
    if (!(name in base) || !sameValue(mine[name], base[name])) changes[name] = mine[name];
  }
  const { apply, conflicts } = mergeEdit<F>({
    current: theirs,
    currentVersion: theirsVersion,
    base,
    baseVersion,
    changes,
  });
  return { next: { ...theirs, ...apply }, conflicts, changed: Object.keys(apply).length > 0 };
}

/**
 * The outcome of an edit: applied, or a conflict recorded for the member (folded with an older
 * open one of the same target). `data` is what the feature answers, with the conflict named.
 */
export async function editOutcome<D extends object, F extends object>({
  ctx,
  kind,
  targetIdx,
  postIdx = null,
  subject,
  merged,
  mine,
  base,
  baseVersion,
  current,
  currentVersion,
  data,
}: {
  ctx: MutationContext;
  kind: EditKind;
  targetIdx: number;
  postIdx?: number | null;
  subject: string;
  merged: MergedEdit<F>;
  mine: F;
  base: Partial<F> | null;
  baseVersion: number | null;
  /** The server's copy after what went in, and its edit count. */
  current: F;
  currentVersion: number;
  data: D;
}): Promise<MutationOutcome> {
  if (merged.conflicts.length === 0) return { status: 'applied', data: { ...data, conflict: null } };
  const recorded = await recordEditConflict({
    tx: ctx.tx,
    conflict: {
      userIdx: ctx.auth.user.f_idx,
      kind,
      targetIdx,
      postIdx,
      subject,
      fields: merged.conflicts,
      mine: pick({ source: mine, fields: merged.conflicts }),
      base: pick({ source: base ?? {}, fields: merged.conflicts }),
      baseVersion,
      current: current as Record<string, unknown>,
      currentVersion,
      clientId: ctx.clientId,
      mutationId: ctx.mutationId,
      now: ctx.now,
    },
  });
  return {
    status: 'conflict',
    data: { ...data, conflict: { conflict_idx: recorded.conflictIdx, fields: recorded.fields } },
  };
}
