import * as v from 'valibot';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { type DraftField, type DraftFields, LOCAL_FILE_PREFIX, sameValue } from '../../sync/site-fields.ts';
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
import { authMessages } from '../auth/auth.messages.ts';
import type { AuthedContext } from '../http/context.ts';
import {
  badParameter,
  forbidden,
  invalidInput,
  notFound,
  notGroupMember,
  ruleViolation,
} from '../http/errors.ts';
import { issueToBadParameter } from '../http/operation.ts';
import { mergeEdit, pick } from '../sync/merge.ts';
import type { MutationContext, MutationOutcome } from '../sync/mutators.server.ts';
import { syncMessages } from '../sync/sync.messages.ts';
import {
  areaRuleMessages,
  registrationMessages,
  siteRuleMessages,
  unitRuleMessages,
} from './registration.messages.ts';
import {
  deleteSite,
  draftsOf,
  insertSiteRow,
  isGroupMember,
  memberGroups,
  readSiteFields,
  type SiteHead,
  setSiteStatus,
  siteHead,
  siteHeadByClientId,
  writeSiteFields,
} from './registration.repository.ts';

/**
 * Site registration on the server (spec §4 Site status, §5, §6): the final save that makes a
 * site registered (status N), whether it is new, a temporary save made final, or an edit of a
 * registered site; and the temporary-save look-ups. The final save runs as the offline
 * operation `saveSite` (pushed) and as the RPCs addSite_app / updateSite_app: one code path.
 */

/** Records fields kept aside for the member's choice (server/sync/mutators.server.ts owns the table). */
export type RecordConflict = (input: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  fields: DraftField[];
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  baseVersion: number | null;
  current: Required<DraftFields>;
  currentVersion: number;
}) => Promise<number>;

type SaveSiteArgs = MutatorArgs<'saveSite'>;

/** Images reach the server only after the device uploaded them (src/sync/files.ts). */
function refuseLocalImages(value: unknown): void {
  const walk = (x: unknown): boolean =>
    typeof x === 'string'
      ? x.startsWith(LOCAL_FILE_PREFIX)
      : Array.isArray(x)
        ? x.some(walk)
        : x !== null && typeof x === 'object'
          ? Object.values(x).some(walk)
          : false;
  if (walk(value)) throw badParameter({ field: 'changes', reason: 'image not uploaded yet' });
}

/** A pushed mutation skips the route's access check, so the write limit is checked here too. */
function refuseWriteLimited(ctx: MutationContext): void {
  const { user } = ctx.auth;
  if (user.f_status === 'WL' && user.f_release_date && new Date(user.f_release_date) > ctx.now) {
    throw ruleViolation(authMessages.writeLimited, {
      status: 403,
      params: { date: user.f_release_date.slice(0, 10) },
    });
  }
}

/**
 * Who may edit a registered site (spec §6): its owner, an admin, or a member of the group it
 * is shared to. Anyone else is refused: 'not a group member' when the site is shared.
 */
export function requireEditor({
  sqlite,
  auth,
  site,
}: {
  sqlite: MutationContext['sqlite'];
  auth: MutationContext['auth'];
  site: SiteHead;
}): void {
  const userIdx = auth.user.f_idx;
  if (site.f_status === 'D') throw notFound(syncMessages.siteNotFound);
  if (site.f_status === 'P') {
    // Someone else's draft does not exist for this member.
    if (site.f_user_idx !== userIdx) throw notFound(syncMessages.siteNotFound);
    return;
  }
  if (site.f_user_idx === userIdx || auth.isAdmin) return;
  if (site.f_group_idx !== null) {
    if (isGroupMember({ sqlite, groupIdx: site.f_group_idx, userIdx })) return;
    throw notGroupMember(syncMessages.notGroupMember);
  }
  throw forbidden(registrationMessages.notOwner);
}

/** The target of a final save: by index, else by the device's draft id; null for a new site. */
function targetOf({ ctx, args }: { ctx: MutationContext; args: SaveSiteArgs }): SiteHead | null {
  const { sqlite } = ctx;
  let head: SiteHead | null = null;
  if (args.site_idx !== null && args.site_idx > 0) {
    head = siteHead({ sqlite, siteIdx: args.site_idx });
    if (!head) throw notFound(syncMessages.siteNotFound);
  } else if (args.draft_id) {
    head = siteHeadByClientId({ sqlite, clientId: args.draft_id });
    if (head && head.f_user_idx !== ctx.auth.user.f_idx) throw notFound(syncMessages.siteNotFound);
  }
  if (!head) return null;
  requireEditor({ sqlite, auth: ctx.auth, site: head });
  if (head.f_site_type === 'U') throw ruleViolation(registrationMessages.notRegistrable);
  if (head.f_site_type !== args.site_type) {
    throw invalidInput({ field: 'site_type', msg: registrationMessages.siteKindFixed });
  }
  return head;
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
  registering,
}: {
  ctx: MutationContext;
  site: RegistrationFields;
  registering: boolean;
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
  if (
    registering &&
    normalized.f_group_idx === null &&
    memberGroups({ sqlite: ctx.sqlite, userIdx: ctx.auth.user.f_idx }).length > 0
  ) {
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
function checkGroupChange({
  ctx,
  head,
  from,
  to,
}: {
  ctx: MutationContext;
  head: SiteHead | null;
  from: number | null;
  to: number | null;
}): void {
  if (from === to) return;
  if (head && head.f_status === 'N' && head.f_user_idx !== ctx.auth.user.f_idx) {
    throw forbidden(registrationMessages.onlyOwnerShares);
  }
  if (to !== null && !isGroupMember({ sqlite: ctx.sqlite, groupIdx: to, userIdx: ctx.auth.user.f_idx })) {
    throw notGroupMember(syncMessages.notGroupMember);
  }
}

/**
 * The final save (spec §4): status N, temporary step 0, added when there is no site yet, else
 * updated by index. Fields the server changed meanwhile (since base_version) are not
 * overwritten: the save goes through with the server's values for them and the device's are
 * kept as a conflict the member settles on /sync. Nothing is written when a rule fails.
 */
export async function saveSiteEffect({
  ctx,
  args,
  recordConflict,
}: {
  ctx: MutationContext;
  args: SaveSiteArgs;
  recordConflict: RecordConflict;
}): Promise<MutationOutcome> {
  refuseWriteLimited(ctx);
  refuseLocalImages(args.changes);
  const { sqlite } = ctx;
  const head = targetOf({ ctx, args });
  const changes = args.changes as Partial<RegistrationFields>;

  let current: RegistrationFields;
  let version = 0;
  let apply: Partial<RegistrationFields> = changes;
  let conflicts: DraftField[] = [];
  if (head) {
    const read = readSiteFields({ sqlite, siteIdx: head.f_idx });
    if (!read) throw notFound(syncMessages.siteNotFound);
    current = read.fields;
    version = read.version;
    const merged = mergeEdit({
      current: current as unknown as Required<DraftFields>,
      currentVersion: version,
      base: args.base as DraftFields,
      baseVersion: args.base_version,
      changes: args.changes as DraftFields,
    });
    apply = merged.apply as Partial<RegistrationFields>;
    conflicts = merged.conflicts;
  } else {
    current = emptyRegistration({ kind: args.site_type, now: ctx.now });
  }
  if (apply.f_site_type !== undefined && apply.f_site_type !== current.f_site_type) {
    throw invalidInput({ field: 'changes.f_site_type', msg: registrationMessages.siteKindFixed });
  }
  checkGroupChange({
    ctx,
    head,
    from: current.f_group_idx,
    // null is a choice (release), not a missing value.
    to: apply.f_group_idx !== undefined ? apply.f_group_idx : current.f_group_idx,
  });
  const registering = head === null || head.f_status === 'P';
  const site = checkedSite({ ctx, site: { ...current, ...apply }, registering });

  let siteIdx: number;
  if (head) {
    siteIdx = head.f_idx;
    const write = Object.fromEntries(
      (Object.keys(site) as Array<keyof RegistrationFields>)
        .filter((key) => !sameValue(site[key], current[key]))
        .map((key) => [key, site[key]]),
    );
    writeSiteFields({ sqlite, siteIdx, fields: write, now: ctx.now });
  } else {
    siteIdx = insertSiteRow({
      sqlite,
      userIdx: ctx.auth.user.f_idx,
      kind: args.site_type,
      status: 'N',
      clientId: args.draft_id,
      now: ctx.now,
    });
    writeSiteFields({ sqlite, siteIdx, fields: site, now: ctx.now });
  }
  setSiteStatus({ sqlite, siteIdx, status: 'N', step: 0, now: ctx.now, registered: registering });
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
  recordConflict,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  theirsVersion: number;
  recordConflict: RecordConflict;
}): Promise<MutationOutcome> {
  const head = siteHead({ sqlite: ctx.sqlite, siteIdx });
  if (!head || head.f_site_type === 'U') throw notFound(syncMessages.siteNotFound);
  return saveSiteEffect({
    ctx,
    recordConflict,
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

export function checkTemporarySave({ ctx, kind }: { ctx: AuthedContext; kind: 'O' | 'G' }) {
  const drafts = draftsOf({ sqlite: ctx.sqlite, userIdx: ctx.auth.user.f_idx, kind });
  return { count: drafts.length, site_idx: drafts[0] ?? -1 };
}

export async function removeTemporarySave({ ctx, kind }: { ctx: AuthedContext; kind: 'O' | 'G' }) {
  return ctx.db.transaction().execute(async () => {
    const drafts = draftsOf({ sqlite: ctx.sqlite, userIdx: ctx.auth.user.f_idx, kind });
    for (const siteIdx of drafts) deleteSite({ sqlite: ctx.sqlite, siteIdx });
    return { removed: drafts.length };
  });
}

export async function getSiteRegistration({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.connection().execute(async () => {
    const head = siteHead({ sqlite: ctx.sqlite, siteIdx });
    if (!head) throw notFound(syncMessages.siteNotFound);
    requireEditor({ sqlite: ctx.sqlite, auth: ctx.auth, site: head });
    if (head.f_site_type === 'U') throw ruleViolation(registrationMessages.notRegistrable);
    const read = readSiteFields({ sqlite: ctx.sqlite, siteIdx });
    if (!read) throw notFound(syncMessages.siteNotFound);
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

export function registrationGroups({ ctx }: { ctx: AuthedContext }) {
  return { list: memberGroups({ sqlite: ctx.sqlite, userIdx: ctx.auth.user.f_idx }) };
}
