import type { MutatorArgs } from '../../sync/mutators.ts';
import type { DraftFields } from '../../sync/site-fields.ts';
import { requireGroupMember } from '../groups/membership.ts';
import { forbidden, ruleViolation } from '../http/errors.ts';
import { applied, type MutationContext, type MutationOutcome } from '../http/mutation.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { siteMessages } from './detail.messages.ts';
import { mergeEdit, pick } from './merge.ts';
import { registrationMessages } from './registration.messages.ts';
import { readSiteFields } from './registration.repository.ts';
import { readSiteHead, readSiteHeadByClientId, siteUnavailable } from './site-access.ts';
import { recordConflict } from './site-conflicts.ts';
import { deleteSite, insertSiteRow, writeDraftStep, writeSiteFields } from './site-writer.repository.ts';

/**
 * Temporary saves of a registration (spec §4: status P, the step reached), offline or
 * online: the draft is made on its first save and found again by the device's draft id,
 * so a repeated push never makes two. An edit is merged field by field with the server's
 * copy; fields changed there meanwhile become a conflict the member settles.
 */

/** The member's draft by server id, else by the device's draft id; null when there is none yet. */
async function findDraft({
  ctx,
  draftId,
  siteIdx,
}: {
  ctx: MutationContext;
  draftId: string;
  siteIdx: number | null;
}) {
  const site = siteIdx
    ? await readSiteHead({ db: ctx.tx, siteIdx })
    : await readSiteHeadByClientId({ db: ctx.tx, clientId: draftId });
  if (!site) return null;
  if (site.f_user_idx !== ctx.auth.user.f_idx) throw forbidden(siteMessages.notOwner);
  return site;
}

/** Applies an edit to an existing draft by three-way merge; conflicting fields are kept aside. */
export async function editDraft({
  ctx,
  siteIdx,
  draftId,
  base,
  baseVersion,
  changes,
  step,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  base: DraftFields;
  baseVersion: number | null;
  changes: DraftFields;
  step: number | null;
}): Promise<MutationOutcome> {
  const read = await readSiteFields({ db: ctx.tx, siteIdx });
  if (!read) throw siteUnavailable();
  const current = read.fields as unknown as Required<DraftFields>;
  const { apply, conflicts } = mergeEdit({
    current,
    currentVersion: read.version,
    base,
    baseVersion,
    changes,
  });
  if (Object.keys(apply).length > 0) {
    await writeSiteFields({ db: ctx.tx, siteIdx, fields: apply, now: ctx.now, inlayNews: false });
  }
  if (step !== null) await writeDraftStep({ db: ctx.tx, siteIdx, step });
  if (conflicts.length === 0) return applied({ site_idx: siteIdx });
  const conflictIdx = await recordConflict({
    ctx,
    siteIdx,
    draftId,
    fields: conflicts,
    mine: pick({ source: changes, fields: conflicts }),
    base: pick({ source: base, fields: conflicts }),
    baseVersion,
    current,
    currentVersion: read.version,
  });
  return { status: 'conflict', data: { site_idx: siteIdx, conflict_idx: conflictIdx, fields: conflicts } };
}

/** Spec §7 addSite / updateSite, and the offline operation saveSiteDraft. */
export async function saveDraft({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'saveSiteDraft'>;
}): Promise<MutationOutcome> {
  refuseLocalFiles({ value: args.changes, field: 'changes' });
  const groupIdx = args.changes.f_group_idx;
  if (groupIdx !== undefined && groupIdx !== null) {
    await requireGroupMember({ db: ctx.tx, groupIdx, userIdx: ctx.auth.user.f_idx });
  }
  const existing = await findDraft({ ctx, draftId: args.draft_id, siteIdx: args.site_idx });
  if (existing) {
    if (existing.f_status === 'N') throw ruleViolation(registrationMessages.alreadyRegistered);
    if (existing.f_status === 'D') throw siteUnavailable();
    return editDraft({
      ctx,
      siteIdx: existing.f_idx,
      draftId: args.draft_id,
      base: args.base,
      baseVersion: args.base_version,
      changes: args.changes,
      step: args.step,
    });
  }
  if (args.site_idx !== null) throw siteUnavailable();
  const siteIdx = await insertSiteRow({
    db: ctx.tx,
    userIdx: ctx.auth.user.f_idx,
    kind: args.site_type,
    status: 'P',
    clientId: args.draft_id,
    now: ctx.now,
    step: args.step,
  });
  await writeSiteFields({
    db: ctx.tx,
    siteIdx,
    fields: { f_name: '', f_site_type: args.site_type, ...args.changes },
    now: ctx.now,
    inlayNews: false,
  });
  return applied({ site_idx: siteIdx });
}

/** The offline operation removeSiteDraft: a draft removed on another device is already gone. */
export async function removeDraft({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'removeSiteDraft'>;
}): Promise<MutationOutcome> {
  const existing = await findDraft({ ctx, draftId: args.draft_id, siteIdx: args.site_idx });
  // Already gone (removed on another device): the member's wish holds.
  if (!existing) return applied({ removed: false });
  if (existing.f_status !== 'P') throw ruleViolation(registrationMessages.alreadyRegistered);
  await deleteSite({ db: ctx.tx, siteIdx: existing.f_idx });
  return applied({ removed: true, site_idx: existing.f_idx });
}
