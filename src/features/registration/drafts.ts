import {
  checkTemporarySaveCall,
  getSiteRegistrationCall,
  removeTemporarySaveCall,
} from '../../../sync/api/registration.api.ts';
import { draftKeyOfSite } from '../../../sync/sites/draft-key.ts';
import type { RegistrationKind } from '../../../sync/sites/registration.ts';
import { api } from '../../api/client.ts';
import { type LocalDraft, localDb } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { editSession, localSessionOfSite, newSession, sessionOfDraft } from './draft-store.ts';
import type { RegistrationSession } from './session.ts';

/**
 * Registration drafts as the app finds them: the device's drafts store (kept in step with the
 * server by the pull) and, online, the server's answer to checkTemporarySave.
 */

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
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
  const local = await localSessionOfSite({ db: localDb, siteIdx });
  if (local) return local;
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
