import {
  checkTemporarySaveCall,
  getSiteRegistrationCall,
  removeTemporarySaveCall,
} from '../../../sync/api/registration.api.ts';
import { draftKeyOfSite } from '../../../sync/mutators.ts';
import type { SiteDongRow, SiteRow } from '../../../sync/site-fields.ts';
import {
  diffFields,
  emptyRegistration,
  fieldsOfRegisteredSite,
  type RegistrationFields,
  type RegistrationKind,
} from '../../../sync/sites/registration.ts';
import { api } from '../../api/client.ts';
import { type LocalDraft, localDb } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import type { RegistrationSession } from './session.ts';

/**
 * Registration on the device's store (docs/sync.md "For the Sites issue"). Temporary saves
 * are `saveSiteDraft` and the final save is `saveSite`, both queued in the outbox: they work
 * offline and reach the server in order. Drafts are read from the device's drafts store,
 * which the pull keeps in step with the server.
 */

const EMPTY_CONTACT = { f_name: '', f_phone: '' };

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

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

/** The member's drafts of a kind on this device, newest first. */
export async function localDraftsOf(kind: RegistrationKind): Promise<LocalDraft[]> {
  const drafts = await localDb.drafts.where('site_type').equals(kind).toArray();
  return drafts.sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
}

/**
 * The draft to offer on entering registration (spec §7 checkTemporarySave: count and the
 * latest site_idx). Online the server says which one; the device's copy is used, pulled
 * first if it has not arrived yet. Offline (or if the server cannot be asked) the device's
 * own drafts store answers, including drafts saved here and not yet sent.
 */
export async function draftToOffer(
  kind: RegistrationKind,
): Promise<{ draft: LocalDraft; count: number } | null> {
  let local = await localDraftsOf(kind);
  if (online()) {
    try {
      const server = await api(checkTemporarySaveCall, { site_type: kind });
      if (server.count > 0 && !local.some((d) => d.site_idx === server.site_idx)) {
        await syncEngine.sync().catch(() => undefined);
        local = await localDraftsOf(kind);
      }
      const latest = local.find((d) => d.site_idx === server.site_idx) ?? local[0];
      if (latest) return { draft: latest, count: Math.max(server.count, local.length) };
      return null;
    } catch {
      // No answer from the server: the device's drafts are what the member can load.
    }
  }
  const latest = local[0];
  return latest ? { draft: latest, count: local.length } : null;
}

/** Removes the member's drafts of a kind (spec §7 removeTemporarySave), here and on the server. */
export async function removeDraftsOf(kind: RegistrationKind): Promise<void> {
  for (const draft of await localDraftsOf(kind)) {
    await syncEngine.mutate('removeSiteDraft', { draft_id: draft.key, site_idx: draft.site_idx });
  }
  if (online()) await api(removeTemporarySaveCall, { site_type: kind }).catch(() => undefined);
}

/**
 * Opens a site by index for editing: a draft of the member's (from the drafts store), a
 * registered site the device holds (own or group site), or, online, what the server gives
 * (an admin editing someone's site). Null when neither has it.
 */
export async function sessionOfSite(
  siteIdx: number,
): Promise<{ session: RegistrationSession; step: number } | null> {
  const draft = await localDb.drafts.where('site_idx').equals(siteIdx).first();
  if (draft) return { session: sessionOfDraft(draft), step: draft.step };
  const site = (await localDb.sites.get(siteIdx)) as (SiteRow & { version?: number }) | undefined;
  if (site && (site.f_site_type === 'O' || site.f_site_type === 'G') && site.contacts) {
    const dongs = (await localDb.dongs.where('f_site_idx').equals(siteIdx).toArray()) as SiteDongRow[];
    const fields = fieldsOfRegisteredSite({ site, dongs });
    return {
      session: editSession({ siteIdx, kind: site.f_site_type, fields, version: site.version ?? null }),
      step: site.f_temp_step ?? 0,
    };
  }
  if (!online()) return null;
  const remote = await api(getSiteRegistrationCall, { site_idx: siteIdx });
  const kind = remote.fields.f_site_type === 'G' ? 'G' : 'O';
  if (remote.f_status === 'P') {
    const key = draftKeyOfSite({ f_idx: siteIdx, f_client_id: null });
    return {
      session: {
        ...newSession({ kind, draftId: key }),
        mode: 'draft',
        siteIdx,
        fields: remote.fields,
        baseFields: remote.fields,
        baseVersion: remote.version,
      },
      step: remote.f_temp_step,
    };
  }
  return {
    session: editSession({ siteIdx, kind, fields: remote.fields, version: remote.version }),
    step: remote.f_temp_step,
  };
}

function editSession({
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
async function baseOf(session: RegistrationSession): Promise<{
  from: Partial<RegistrationFields>;
  version: number | null;
  siteIdx: number | null;
}> {
  if (session.draftId) {
    const draft = await localDb.drafts.get(session.draftId);
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
  session,
  fields,
  step,
}: {
  session: RegistrationSession;
  fields: RegistrationFields;
  step: number;
}): Promise<void> {
  if (!session.draftId) throw new Error('a registered site has no temporary save');
  const { from, version, siteIdx } = await baseOf(session);
  const { base, changes } = diffFields({ from, to: fields });
  await syncEngine.mutate('saveSiteDraft', {
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
  session,
  fields,
}: {
  session: RegistrationSession;
  fields: RegistrationFields;
}): Promise<void> {
  const { from, version, siteIdx } = await baseOf(session);
  const { base, changes } = diffFields({ from, to: fields });
  await syncEngine.mutate('saveSite', {
    draft_id: session.draftId,
    site_idx: siteIdx ?? -1,
    site_type: session.kind,
    base_version: version,
    base,
    changes,
  });
}
