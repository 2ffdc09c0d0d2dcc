import { storedJson } from '../db/keyed-rows.ts';
import { keyedEntity } from '../sync/pulled.ts';
import { openEditConflictRows } from './edits.repository.ts';

/**
 * What the pull sends of edit conflicts (protocol 8; server/sync/registry.ts lists it): the
 * member's open conflicts of offline edits of posts, comments and notifications. A settled one
 * leaves the device.
 */
export const editConflictPull = keyedEntity({
  entity: 'editconflict',
  rows: ({ db, viewer, keys }) => openEditConflictRows({ db, userIdx: viewer, conflictIdxs: keys }),
  put: (key, row) => ({
    t: 'editconflict',
    op: 'put',
    key,
    row: {
      ...row,
      fields: storedJson<string[]>({ text: row.fields, fallback: [] }),
      mine: storedJson<Record<string, unknown>>({ text: row.mine, fallback: {} }),
      theirs: storedJson<Record<string, unknown>>({ text: row.theirs, fallback: {} }),
    },
  }),
  del: (key) => ({ t: 'editconflict', op: 'del', key }),
});
