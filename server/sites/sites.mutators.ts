import {
  addSiteAppCall,
  addSiteCall,
  updateSiteAppCall,
  updateSiteCall,
} from '../../sync/api/registration.api.ts';
import {
  addSiteMemoCall,
  setCompleteSiteCall,
  setHideSiteCall,
  setLikeSiteCall,
} from '../../sync/api/site-actions.api.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import type { DraftFields } from '../../sync/site-fields.ts';
import { notFound } from '../http/errors.ts';
import { applied, defineServerMutator, type MutationContext } from '../http/mutation.ts';
import { siteMessages } from './detail.messages.ts';
import { editDraft, removeDraft, saveDraft } from './drafts.service.ts';
import { saveMemo, setLike } from './interest.service.ts';
import { registrationMessages } from './registration.messages.ts';
import { resolveSiteConflict, saveSite } from './registration.service.ts';
import { readSiteHead, siteUnavailable } from './site-access.ts';
import { settleConflict } from './site-conflicts.ts';
import { completeSite, hideSite } from './visibility.service.ts';

/**
 * The server effect of the site operations that may run offline (sync/sites/sites.mutators.ts),
 * each with its access and the spec §7 calls that run it online. Each calls the same service
 * function an online route would, inside the transaction the push or the RPC opened.
 */

const member = { kind: 'member' } as const;
const writer = { kind: 'member', write: true } as const;

/** Settling a conflict: the fields chosen as "mine" are a new edit on top of the copy the member saw. */
async function resolveConflict({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'resolveConflict'>;
}) {
  const settled = await settleConflict({ ctx, args });
  if (!settled) throw notFound(siteMessages.conflictNotFound);
  if (settled.kept.length === 0) return applied({ site_idx: settled.siteIdx });
  const site = await readSiteHead({ db: ctx.tx, siteIdx: settled.siteIdx });
  // A registered site's conflict (from a final save) is settled as an edit of that site.
  if (site?.f_status === 'N') {
    return resolveSiteConflict({
      ctx,
      siteIdx: settled.siteIdx,
      draftId: settled.draftId,
      mine: settled.mine,
      theirs: settled.theirs,
      theirsVersion: settled.theirsVersion,
    });
  }
  if (site?.f_status !== 'P') throw siteUnavailable();
  return editDraft({
    ctx,
    siteIdx: settled.siteIdx,
    draftId: settled.draftId,
    base: settled.theirs as DraftFields,
    baseVersion: settled.theirsVersion,
    changes: settled.mine as DraftFields,
    step: null,
  });
}

export const siteMutators = {
  setLikeSite: defineServerMutator('setLikeSite', {
    access: member,
    rpc: [{ call: setLikeSiteCall }],
    effect: async ({ ctx, args }) =>
      applied(await setLike({ ctx, siteIdx: args.site_idx, like: args.like_status })),
  }),
  addSiteMemo: defineServerMutator('addSiteMemo', {
    access: member,
    rpc: [{ call: addSiteMemoCall }],
    effect: async ({ ctx, args }) =>
      applied(await saveMemo({ ctx, siteIdx: args.site_idx, memo: args.memo, images: args.memo_images })),
  }),
  setHideSite: defineServerMutator('setHideSite', {
    access: member,
    rpc: [{ call: setHideSiteCall }],
    effect: async ({ ctx, args }) =>
      applied(await hideSite({ ctx, siteIdx: args.site_idx, hidden: args.hidden_status })),
  }),
  setCompleteSite: defineServerMutator('setCompleteSite', {
    access: member,
    rpc: [{ call: setCompleteSiteCall }],
    effect: async ({ ctx, args }) =>
      applied(await completeSite({ ctx, siteIdx: args.site_idx, complete: args.complete_status })),
  }),
  saveSiteDraft: defineServerMutator('saveSiteDraft', {
    access: writer,
    rpc: [
      { call: addSiteCall, successMessage: registrationMessages.temporarySaved },
      { call: updateSiteCall, successMessage: registrationMessages.temporarySaved },
    ],
    effect: ({ ctx, args }) => saveDraft({ ctx, args }),
  }),
  removeSiteDraft: defineServerMutator('removeSiteDraft', {
    access: member,
    rpc: [],
    effect: async ({ ctx, args }) => removeDraft({ ctx, args }),
  }),
  resolveConflict: defineServerMutator('resolveConflict', {
    access: member,
    rpc: [],
    effect: ({ ctx, args }) => resolveConflict({ ctx, args }),
  }),
  saveSite: defineServerMutator('saveSite', {
    access: writer,
    rpc: [
      { call: addSiteAppCall, successMessage: registrationMessages.saved },
      { call: updateSiteAppCall, successMessage: registrationMessages.saved },
    ],
    effect: ({ ctx, args }) => saveSite({ ctx, args }),
  }),
};
