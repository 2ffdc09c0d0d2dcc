import { type DraftFields, sameValue } from '../../sync/site-fields.ts';

/**
 * Three-way merge of an edit made on a device against the server's copy: a draft or site edit,
 * and (server/edits/) an edit of a post, comment or notification.
 * `base` holds the changed fields as the device had them when the edit was made and
 * `baseVersion` the server version that copy came from. A field is applied when the server
 * copy has not moved since (same version, or the field still equals its base); a field the
 * server changed meanwhile to something else is a conflict: neither side is overwritten.
 */
export function mergeEdit<F extends object = DraftFields>({
  current,
  currentVersion,
  base,
  baseVersion,
  changes,
}: {
  current: Required<F>;
  currentVersion: number;
  base: Partial<F>;
  baseVersion: number | null;
  changes: Partial<F>;
}): { apply: Partial<F>; conflicts: Array<keyof F & string> } {
  const apply: Partial<F> = {};
  const conflicts: Array<keyof F & string> = [];
  for (const field of Object.keys(changes) as Array<keyof F & string>) {
    const mine = changes[field];
    if (mine === undefined) continue;
    const theirs = current[field];
    if (sameValue(mine, theirs)) continue;
    const untouchedOnServer =
      baseVersion === currentVersion || (field in base && sameValue(base[field], theirs));
    if (untouchedOnServer) apply[field] = mine;
    else conflicts.push(field);
  }
  return { apply, conflicts };
}

export function pick<T extends object>({
  source,
  fields,
}: {
  source: T;
  fields: readonly string[];
}): Record<string, unknown> {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}
