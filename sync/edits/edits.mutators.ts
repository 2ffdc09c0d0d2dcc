import * as v from 'valibot';
import { id } from '../api/fields.ts';
import { defineMutator } from '../mutator.ts';

/**
 * Settling an edit conflict (protocol 8): an offline edit of a post, comment or notification met
 * a copy changed on the server meanwhile, and both were kept (sync/edits/edit-fields.ts). On /sync
 * the member keeps, field by field, theirs or the server's; the server applies the fields kept as
 * theirs as a new edit of the copy they saw, with the same rules as any edit
 * (server/edits/edits.mutators.ts). The card leaves the device at once.
 */
export const resolveEditConflict = defineMutator({
  name: 'resolveEditConflict',
  summary:
    'Settle the conflict of an edit of a post, comment or notification: for each field keep mine or theirs',
  args: v.object({
    conflict_idx: id,
    /** Field name to the side kept; fields not named keep theirs (the server copy). */
    choose: v.record(v.pipe(v.string(), v.maxLength(64)), v.picklist(['mine', 'theirs'])),
  }),
  touches: (a) => [{ table: 'editConflicts', key: a.conflict_idx }],
  applyLocal: async ({ db, args }) => {
    await db.editConflicts.delete(args.conflict_idx);
  },
});
