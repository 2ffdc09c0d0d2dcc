import * as v from 'valibot';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { type DraftField, type DraftFields, sameValue } from '../../sync/site-fields.ts';
import {
  emptyRegistration,
  type FormDong,
  finalSiteSchema,
  normalizeSiteForSave,
  openDateInRange,
  type RegistrationFields,
  sortUnits,
} from '../../sync/sites/registration.ts';
import {
  checkAddUnit,
  checkAreaEntry,
  checkRegistration,
  checkUnit,
  declaredUnits,
  normalizeUnit,
} from '../../sync/sites/rules.ts';
import { groupsOfMember, requireGroupMember } from '../groups/membership.ts';
import type { AuthedContext } from '../http/context.ts';
import { forbidden, invalidInput, ruleViolation } from '../http/errors.ts';
import type { MutationContext, MutationOutcome } from '../http/mutation.ts';
import { issueToBadParameter } from '../http/operation.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { mergeEdit, pick } from './merge.ts';
import {
  areaRuleMessages,
  registrationMessages,
  siteRuleMessages,
  unitRuleMessages,
} from './registration.messages.ts';
import { draftsOf, readSiteFields } from './registration.repository.ts';
import {
  accessOf,
  readSiteHead,
  readSiteHeadByClientId,
  requireExists,
  requireModify,
  type SiteAccess,
  type SiteHead,
  siteAccess,
  siteUnavailable,
} from './site-access.ts';
import { recordConflict } from './site-conflicts.ts';
import { deleteSite, insertSiteRow, setSiteStatus, writeSiteFields } from './site-writer.repository.ts';

/**
 * Site registration on the server (spec §4 Site status, §5, §6): the final save that makes a
 * site registered (status N), whether it is new, a temporary save made final, or an edit of a
 * registered site; and the temporary-save look-ups. The final save runs as the offline
 * operation `saveSite` (pushed) and as the RPCs addSite_app / updateSite_app: one code path.
 */

type SaveSiteArgs = MutatorArgs<'saveSite'>;

/**
 * The target of a final save: by index, else by the device's draft id; null for a new site.
 * Only those who may edit the site reach it (spec §6: owner, admin, group member).
 */
async function targetOf({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: SaveSiteArgs;
}): Promise<SiteHead | null> {
  const { tx: db, auth } = ctx;
  let access: SiteAccess | null = null;
  if (args.site_idx !== null && args.site_idx > 0) {
    access = await siteAccess({ db, auth, siteIdx: args.site_idx });
  } else if (args.draft_id) {
    const head = await readSiteHeadByClientId({ db, clientId: args.draft_id });
    // Another member's draft id does not exist for this member.
    if (head && head.f_user_idx !== auth.user.f_idx) throw siteUnavailable();
    if (head) {
      requireExists({ site: head, auth });
      access = await accessOf({ db, site: head, auth });
    }
  }
  if (!access) return null;
  requireModify(access);
  if (access.site.f_site_type === 'U') throw ruleViolation(registrationMessages.notRegistrable);
  if (access.site.f_site_type !== args.site_type) {
    throw invalidInput({ field: 'site_type', msg: registrationMessages.siteKindFixed });
  }
  return access.site;
}

/** Buildings and units of a new-open site: each building named and within its count, each unit saved by the rules. */
function checkedBuildings(dongs: readonly FormDong[]): FormDong[] {
  return dongs.map((dong, i) => {
    const hos = sortUnits(
      dong.hos.map((ho, j) => {
        const unit = normalizeUnit(ho, { isNew: ho.f_idx === undefined });
        const failure = checkUnit(unit);
        if (failure) {
          throw invalidInput({
            field: `dongs.${i}.hos.${j}.${failure.field}`,
            msg: unitRuleMessages[failure.rule],
          });
        }
        return unit;
      }),
    );
    const named = checkAddUnit({ ...dong, hos: [] });
    if (named) throw invalidInput({ field: `dongs.${i}.${named.field}`, msg: unitRuleMessages[named.rule] });
    if (hos.length > declaredUnits(dong)) {
      throw invalidInput({ field: `dongs.${i}.hos`, msg: unitRuleMessages.dongLimit });
    }
    return { ...dong, hos };
  });
}

/**
 * Checks a whole site as a final save must leave it (spec §5, in order) and returns it
 * normalised: the stricter schema, the registration rules, the open-date years, the group
 * choice when registering, and the buildings of a new-open site.
 */
function checkedSite({
  ctx,
  site,
  groupRequired,
}: {
  ctx: MutationContext;
  site: RegistrationFields;
  /** A registration by a member with groups must choose one (spec §5 Group select). */
  groupRequired: boolean;
}): RegistrationFields {
  const parsed = v.safeParse(finalSiteSchema, site);
  if (!parsed.success) throw issueToBadParameter(parsed.issues);
  const normalized = normalizeSiteForSave(parsed.output as RegistrationFields);
  const failure = checkRegistration(normalized);
  if (failure) throw invalidInput({ field: failure.field, msg: siteRuleMessages[failure.rule] });
  for (const [i, room] of normalized.rooms.entries()) {
    const own = room.f_area === 'R';
    const entry = checkAreaEntry({
      f_room: room.f_room,
      size: own ? room.f_real_size : room.f_exclusive_size,
      pyong: own ? room.f_real_pyong : room.f_exclusive_pyong,
    });
    if (entry) throw invalidInput({ field: `rooms.${i}.${entry.field}`, msg: areaRuleMessages[entry.rule] });
  }
  if (!openDateInRange({ date: normalized.f_open_date, now: ctx.now })) {
    throw invalidInput({ field: 'f_open_date', msg: registrationMessages.openDateRange });
  }
  // Spec §5 Group select: a member with groups chooses one when registering; none, none needed.
  if (groupRequired && normalized.f_group_idx === null) {
    throw invalidInput({ field: 'f_group_idx', msg: registrationMessages.groupRequired });
  }
  if (normalized.f_site_type === 'G') {
    if (normalized.dongs.length > 0) {
      throw invalidInput({ field: 'dongs', msg: registrationMessages.generalHasNoBuildings });
    }
    return normalized;
  }
  return { ...normalized, dongs: checkedBuildings(normalized.dongs) };
}

/** Changing the group a site is shared to: the owner's choice, among the owner's own groups. */
async function checkGroupChange({
  ctx,
  head,
  from,
  to,
}: {
  ctx: MutationContext;
  head: SiteHead | null;
  from: number | null;
  to: number | null;
}): Promise<void> {
  if (from === to) return;
  if (head && head.f_status === 'N' && head.f_user_idx !== ctx.auth.user.f_idx) {
    throw forbidden(registrationMessages.onlyOwnerShares);
  }
  if (to !== null) await requireGroupMember({ db: ctx.tx, groupIdx: to, userIdx: ctx.auth.user.f_idx });
}

/**
 * The final save (spec §4): status N, temporary step 0, added when there is no site yet, else
 * updated by index. Fields the server changed meanwhile (since base_version) are not
 * overwritten: the save goes through with the server's values for them and the device's are
 * kept as a conflict the member settles on /sync. Nothing is written when a rule fails.
 */
export async function saveSite({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: SaveSiteArgs;
}): Promise<MutationOutcome> {
  refuseLocalFiles({ value: args.changes, field: 'changes' });
  const db = ctx.tx;
  const head = await targetOf({ ctx, args });
  const changes = args.changes as Partial<RegistrationFields>;

  let current: RegistrationFields;
  let version = 0;
  let apply: Partial<RegistrationFields> = changes;
  let conflicts: DraftField[] = [];
  if (head) {
    const read = await readSiteFields({ db, siteIdx: head.f_idx });
    if (!read) throw siteUnavailable();
    current = read.fields;
    version = read.version;
    const edit = mergeEdit({
      current: current as unknown as Required<DraftFields>,
      currentVersion: version,
      base: args.base as DraftFields,
      baseVersion: args.base_version,
      changes: args.changes as DraftFields,
    });
    apply = edit.apply as Partial<RegistrationFields>;
    conflicts = edit.conflicts;
  } else {
    current = emptyRegistration({ kind: args.site_type, now: ctx.now });
  }
  if (apply.f_site_type !== undefined && apply.f_site_type !== current.f_site_type) {
    throw invalidInput({ field: 'changes.f_site_type', msg: registrationMessages.siteKindFixed });
  }
  await checkGroupChange({
    ctx,
    head,
    from: current.f_group_idx,
    // null is a choice (release), not a missing value.
    to: apply.f_group_idx !== undefined ? apply.f_group_idx : current.f_group_idx,
  });
  const registering = head === null || head.f_status === 'P';
  const merged = { ...current, ...apply };
  const groupRequired =
    registering &&
    merged.f_group_idx === null &&
    (await groupsOfMember({ db: ctx.tx, userIdx: ctx.auth.user.f_idx })).length > 0;
  const site = checkedSite({ ctx, site: merged, groupRequired });

  let siteIdx: number;
  if (head) {
    siteIdx = head.f_idx;
    const write = Object.fromEntries(
      (Object.keys(site) as Array<keyof RegistrationFields>)
        .filter((key) => !sameValue(site[key], current[key]))
        .map((key) => [key, site[key]]),
    );
    await writeSiteFields({ db, siteIdx, fields: write, now: ctx.now });
  } else {
    siteIdx = await insertSiteRow({
      db,
      userIdx: ctx.auth.user.f_idx,
      kind: args.site_type,
      status: 'N',
      clientId: args.draft_id,
      now: ctx.now,
    });
    await writeSiteFields({ db, siteIdx, fields: site, now: ctx.now });
  }
  await setSiteStatus({ db, siteIdx, status: 'N', step: 0, now: ctx.now, registered: registering });
  if (conflicts.length === 0) return { status: 'applied', data: { site_idx: siteIdx } };
  const conflictIdx = await recordConflict({
    ctx,
    siteIdx,
    draftId: args.draft_id ?? `site-edit-${siteIdx}`,
    fields: conflicts,
    mine: pick({ source: args.changes, fields: conflicts }),
    base: pick({ source: args.base, fields: conflicts }),
    baseVersion: args.base_version,
    current: current as unknown as Required<DraftFields>,
    currentVersion: version,
  });
  return { status: 'conflict', data: { site_idx: siteIdx, conflict_idx: conflictIdx, fields: conflicts } };
}

/**
 * Settling a conflict of a registered site: the fields chosen as "mine" are a new edit on top
 * of the copy the member saw, checked like any edit of the site.
 */
export async function resolveSiteConflict({
  ctx,
  siteIdx,
  draftId,
  mine,
  theirs,
  theirsVersion,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  theirsVersion: number;
}): Promise<MutationOutcome> {
  const head = await readSiteHead({ db: ctx.tx, siteIdx });
  if (!head || head.f_site_type === 'U') throw siteUnavailable();
  return saveSite({
    ctx,
    args: {
      draft_id: /^[A-Za-z0-9_-]{8,64}$/.test(draftId) ? draftId : null,
      site_idx: siteIdx,
      site_type: head.f_site_type,
      base_version: theirsVersion,
      base: theirs as SaveSiteArgs['base'],
      changes: mine as SaveSiteArgs['changes'],
    },
  });
}

// --- temporary saves and look-ups (online calls) ------------------------------------------------

export async function checkTemporarySave({ ctx, kind }: { ctx: AuthedContext; kind: 'O' | 'G' }) {
  const drafts = await draftsOf({ db: ctx.db, userIdx: ctx.auth.user.f_idx, kind });
  return { count: drafts.length, site_idx: drafts[0] ?? -1 };
}

export async function removeTemporarySave({ ctx, kind }: { ctx: AuthedContext; kind: 'O' | 'G' }) {
  return ctx.db.transaction().execute(async (tx) => {
    const drafts = await draftsOf({ db: tx, userIdx: ctx.auth.user.f_idx, kind });
    for (const siteIdx of drafts) await deleteSite({ db: tx, siteIdx });
    return { removed: drafts.length };
  });
}

export async function getSiteRegistration({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.connection().execute(async (db) => {
    const access = await siteAccess({ db, auth: ctx.auth, siteIdx });
    requireModify(access);
    const head = access.site;
    if (head.f_site_type === 'U') throw ruleViolation(registrationMessages.notRegistrable);
    const read = await readSiteFields({ db, siteIdx });
    if (!read) throw siteUnavailable();
    return {
      site_idx: siteIdx,
      f_user_idx: head.f_user_idx,
      f_status: head.f_status as 'N' | 'P',
      f_temp_step: head.f_temp_step,
      version: read.version,
      fields: read.fields,
    };
  });
}

export async function registrationGroups({ ctx }: { ctx: AuthedContext }) {
  return { list: await groupsOfMember({ db: ctx.db, userIdx: ctx.auth.user.f_idx }) };
}
