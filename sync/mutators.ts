import type * as v from 'valibot';
import type { Call } from './api/contract.ts';
import {
  addComment,
  addCommunity,
  removeComment,
  removeCommunity,
  updateComment,
  updateCommunity,
} from './community/community.mutators.ts';
import { resolveEditConflict } from './edits/edits.mutators.ts';
// Notifications.
import { addNotify, removeNotify, setRead, updateNotify } from './notify/notify.mutators.ts';
import { reportHo_app, reportSite } from './reports/reports.mutators.ts';
import {
  addSiteMemo,
  removeSiteDraft,
  resolveConflict,
  saveSite,
  saveSiteDraft,
  setCompleteSite,
  setHideSite,
  setLikeSite,
} from './sites/sites.mutators.ts';

export { defineMutator, type LocalKey, type Mutator } from './mutator.ts';
// The device turns a pulled draft into its form fields with the operations' schemas at hand.
export { draftFieldsOfSite } from './site-fields.ts';
export { draftKeyOfSite } from './sites/draft-key.ts';

/**
 * Every operation that may run offline, by name: the registry both sides share. A feature
 * declares its operations in sync/<feature>/<feature>.mutators.ts (see sync/mutator.ts) and
 * adds them here; the server's registry (server/sync/registry.ts) must give each name its
 * server effect, and its type says so.
 */
export const mutators = {
  setLikeSite,
  addSiteMemo,
  setHideSite,
  setCompleteSite,
  saveSiteDraft,
  removeSiteDraft,
  resolveConflict,
  saveSite,
  // Reports
  reportSite,
  reportHo_app,
  // Community
  addCommunity,
  addComment,
  updateCommunity,
  removeCommunity,
  updateComment,
  removeComment,
  // Notifications
  addNotify,
  setRead,
  updateNotify,
  removeNotify,
  // Edit conflicts of posts, comments and notifications
  resolveEditConflict,
} as const;

export type MutatorName = keyof typeof mutators;
export type MutatorArgs<N extends MutatorName> = v.InferOutput<(typeof mutators)[N]['args']>;
export type MutatorInput<N extends MutatorName> = v.InferInput<(typeof mutators)[N]['args']>;
/** The operations that declare an online call (`online`): a form sends them now, or queues them offline. */
export type OnlineMutatorName = {
  [N in MutatorName]: (typeof mutators)[N]['online'] extends Call ? N : never;
}[MutatorName];

export function isMutatorName(name: string): name is MutatorName {
  return Object.hasOwn(mutators, name);
}
