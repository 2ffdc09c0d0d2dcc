import type { SiteDongRow, SiteRow } from '../../../sync/site-fields.ts';
import {
  diffFields,
  emptyRegistration,
  fieldsOfRegisteredSite,
  type RegistrationFields,
  type RegistrationKind,
} from '../../../sync/sites/registration.ts';
import type { LocalDb, LocalDraft } from '../../db/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import type { RegistrationSession } from './session.ts';

/**
 * Registration on the device's store (docs/sync.md "For the Sites issue"). Temporary saves
 * are `saveSiteDraft` and the final save is `saveSite`, both queued in the outbox of the
 * engine given: they work offline and reach the server in order, where each is merged
 * three-way with what changed there since the copy the device edited.
 */

const EMPTY_CONTACT = { f_name: '', f_phone: '' };

/** A draft's fields, over the blank form so a field the draft never set still has its default. */
function fieldsOfDraft({ draft, kind }: { draft: LocalDraft; kind: RegistrationKind }): RegistrationFields {
  return {
    ...emptyRegistration({ kind, now: new Date() }),
    ...(draft.payload as Partial<RegistrationFields>),
  };
}

export function sessionOfDraft(draft: LocalDraft): RegistrationSession {
  const kind = draft.site_type === 'G' ? 'G' : 'O';
  const fields = fieldsOfDraft({ draft, kind });
  return {
    key: draft.key,
    kind,
    mode: 'draft',
    draftId: draft.key,
    siteIdx: draft.site_idx,
    fields,
    pending: EMPTY_CONTACT,
    baseFields: null,
    baseVersion: draft.base_version,
  };
}

export function newSession({
  kind,
  draftId,
}: {
  kind: RegistrationKind;
  draftId?: string;
}): RegistrationSession {
  const key = draftId ?? crypto.randomUUID();
  return {
    key,
    kind,
    mode: 'new',
    draftId: key,
    siteIdx: null,
    fields: emptyRegistration({ kind, now: new Date() }),
    pending: EMPTY_CONTACT,
    baseFields: null,
    baseVersion: null,
  };
}

/** A registered site the device holds (own or group site), opened for modifying. */
export async function localSessionOfSite({
  db,
  siteIdx,
}: {
  db: LocalDb;
  siteIdx: number;
}): Promise<{ session: RegistrationSession; step: number } | null> {
  const site = (await db.sites.get(siteIdx)) as (SiteRow & { version?: number }) | undefined;
  if (!site || (site.f_site_type !== 'O' && site.f_site_type !== 'G') || !site.contacts) return null;
  const dongs = (await db.dongs.where('f_site_idx').equals(siteIdx).toArray()) as SiteDongRow[];
  const fields = fieldsOfRegisteredSite({ site, dongs });
  return {
    session: editSession({ siteIdx, kind: site.f_site_type, fields, version: site.version ?? null }),
    step: site.f_temp_step ?? 0,
  };
}

export function editSession({
  siteIdx,
  kind,
  fields,
  version,
}: {
  siteIdx: number;
  kind: RegistrationKind;
  fields: RegistrationFields;
  version: number | null;
}): RegistrationSession {
  return {
    key: `site-${siteIdx}`,
    kind,
    mode: 'edit',
    draftId: null,
    siteIdx,
    fields,
    pending: EMPTY_CONTACT,
    baseFields: fields,
    baseVersion: version,
  };
}

/** What this save compares with: the draft as the device has it now, else what the session was opened from. */
async function baseOf({ db, session }: { db: LocalDb; session: RegistrationSession }): Promise<{
  from: Partial<RegistrationFields>;
  version: number | null;
  siteIdx: number | null;
}> {
  if (session.draftId) {
    const draft = await db.drafts.get(session.draftId);
    if (draft) {
      return {
        from: draft.payload as Partial<RegistrationFields>,
        version: draft.base_version,
        siteIdx: draft.site_idx ?? session.siteIdx,
      };
    }
  }
  return { from: session.baseFields ?? {}, version: session.baseVersion, siteIdx: session.siteIdx };
}

/** Temporary save (spec §4): the draft (status P) with the step reached; works offline. */
export async function temporarySave({
  engine,
  session,
  fields,
  step,
}: {
  engine: SyncEngine;
  session: RegistrationSession;
  fields: RegistrationFields;
  step: number;
}): Promise<void> {
  if (!session.draftId) throw new Error('a registered site has no temporary save');
  const { from, version, siteIdx } = await baseOf({ db: engine.db, session });
  const { base, changes } = diffFields({ from, to: fields });
  await engine.mutate('saveSiteDraft', {
    draft_id: session.draftId,
    site_idx: siteIdx,
    site_type: session.kind,
    step,
    base_version: version,
    base,
    changes,
  });
}

/**
 * Final save (spec §4): status N, added when the site has no index (-1) yet, else updated by
 * index; the server resets the temporary step. Queued like every change: offline it waits in
 * the outbox, and the server merges it three-way with whatever changed there meanwhile.
 */
export async function finalSave({
  engine,
  session,
  fields,
}: {
  engine: SyncEngine;
  session: RegistrationSession;
  fields: RegistrationFields;
}): Promise<void> {
  const { from, version, siteIdx } = await baseOf({ db: engine.db, session });
  const { base, changes } = diffFields({ from, to: fields });
  await engine.mutate('saveSite', {
    draft_id: session.draftId,
    site_idx: siteIdx ?? -1,
    site_type: session.kind,
    base_version: version,
    base,
    changes,
  });
}
