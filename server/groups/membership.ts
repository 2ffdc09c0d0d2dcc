import type { DbOrTx } from '../db/database.ts';
import { notGroupMember } from '../http/errors.ts';
import { groupMessages } from './groups.messages.ts';
import { hasGroupMember } from './membership.repository.ts';

/**
 * Group membership: the one check of every group-scoped rule, and the writers of the rows it
 * reads (membership.repository.ts; groups.service.ts and the tests use them), all in the
 * caller's transaction.
 */

export {
  addGroupMember,
  createGroup,
  groupsOfMember,
  insertGroup,
  removeGroupMember,
  setSiteGroup,
} from './membership.repository.ts';

/**
 * Whether the member is in the group: the one membership check of every group-scoped rule
 * (a site shared to a group, registering into a group, group lists).
 */
export function isGroupMember(input: { db: DbOrTx; groupIdx: number; userIdx: number }): Promise<boolean> {
  return hasGroupMember(input);
}

/** Spec §8 -12: a group-scoped call by someone outside the group. */
export async function requireGroupMember(input: { db: DbOrTx; groupIdx: number; userIdx: number }) {
  if (!(await isGroupMember(input))) throw notGroupMember(groupMessages.notGroupMember);
}
