import { defineServerMutator } from '../http/mutation.ts';
import { resolveEditConflict } from './edits.service.ts';

/**
 * The server side of settling an edit conflict (sync/edits/edits.mutators.ts): any approved member
 * settles their own; keeping their own values is an edit, checked as writing (edits.service.ts).
 */
export const editMutators = {
  resolveEditConflict: defineServerMutator('resolveEditConflict', {
    access: { kind: 'member' },
    rpc: [],
    effect: ({ ctx, args }) => resolveEditConflict({ ctx, args }),
  }),
};
