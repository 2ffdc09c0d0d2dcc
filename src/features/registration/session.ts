import { useCallback, useSyncExternalStore } from 'react';
import type { SiteContact } from '../../../sync/site-fields.ts';
import type { RegistrationFields, RegistrationKind } from '../../../sync/sites/registration.ts';

/**
 * A registration in progress, kept in memory while the member moves between step 1 and
 * step 2 (two routes). It survives navigation, not a reload: what must survive a reload is
 * the temporary save (a draft in the device's store, synced through the outbox).
 */
export interface RegistrationSession {
  /** The draft id (new registration or draft), or `site-<idx>` for an edit of a registered site. */
  key: string;
  kind: RegistrationKind;
  /** new: never saved; draft: a temporary save (status P); edit: a registered site (status N). */
  mode: 'new' | 'draft' | 'edit';
  draftId: string | null;
  siteIdx: number | null;
  fields: RegistrationFields;
  /** A contact typed but not added yet: a save adds it when there is room (spec §5). */
  pending: SiteContact;
  /** What an edit is compared with and the server version it came from (drafts read theirs at save time). */
  baseFields: RegistrationFields | null;
  baseVersion: number | null;
}

const sessions = new Map<string, RegistrationSession>();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const registrationSessions = {
  get: (key: string): RegistrationSession | undefined => sessions.get(key),
  put(session: RegistrationSession): void {
    sessions.set(session.key, session);
    emit();
  },
  update(key: string, change: (s: RegistrationSession) => RegistrationSession): void {
    const current = sessions.get(key);
    if (!current) return;
    sessions.set(key, change(current));
    emit();
  },
  /** The registration ended (saved or cancelled): a later entry starts over. */
  end(key: string): void {
    sessions.delete(key);
    emit();
  },
};

/** The session of a key and ways to change its fields; undefined until it is opened. */
export function useRegistrationSession(key: string | null) {
  const session = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (key ? sessions.get(key) : undefined),
    () => (key ? sessions.get(key) : undefined),
  );
  const update = useCallback(
    (patch: Partial<RegistrationFields>) => {
      if (key) registrationSessions.update(key, (s) => ({ ...s, fields: { ...s.fields, ...patch } }));
    },
    [key],
  );
  const setPending = useCallback(
    (pending: SiteContact) => {
      if (key) registrationSessions.update(key, (s) => ({ ...s, pending }));
    },
    [key],
  );
  return { session, update, setPending };
}

export type UpdateFields = (patch: Partial<RegistrationFields>) => void;
