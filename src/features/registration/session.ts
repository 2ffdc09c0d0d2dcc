import { useCallback, useSyncExternalStore } from 'react';
import type { SiteContact } from '../../../sync/site-fields.ts';
import type { RegistrationFields, RegistrationKind } from '../../../sync/sites/registration.ts';
import { keptForms } from '../../ui/kept-form.ts';
import type { TypedArea } from './validate.ts';

/**
 * A registration in progress, shared by step 1 and step 2 (two routes). Held in memory and
 * kept on the device as it changes (src/ui/kept-form.ts), so a reload or a killed app on either
 * step finds every field and unit again; the temporary save is a separate, explicit draft that
 * syncs through the outbox.
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
  /** An area typed but not added yet: a save adds it when it is complete (absent in older kept copies). */
  pendingArea?: TypedArea;
  /** What an edit is compared with and the server version it came from (drafts read theirs at save time). */
  baseFields: RegistrationFields | null;
  baseVersion: number | null;
}

const sessions = new Map<string, RegistrationSession>();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

const keptName = (key: string) => `registration:${key}`;

/** Where an open unit popup of a registration keeps its typing: the building and the unit's place. */
export function unitKeptKey({
  session,
  dong,
  place,
}: {
  session: string;
  dong: number;
  place: string | number;
}) {
  return `unit:${session}:${dong}:${place}`;
}

export const registrationSessions = {
  get: (key: string): RegistrationSession | undefined => sessions.get(key),
  put(session: RegistrationSession): void {
    sessions.set(session.key, session);
    void keptForms.write(keptName(session.key), session);
    emit();
  },
  update(key: string, change: (s: RegistrationSession) => RegistrationSession): void {
    const current = sessions.get(key);
    if (!current) return;
    const next = change(current);
    sessions.set(key, next);
    void keptForms.write(keptName(key), next);
    emit();
  },
  /** The registration this device kept for a key (a reload or a killed app), back in memory. */
  async restore(key: string): Promise<RegistrationSession | undefined> {
    const known = sessions.get(key);
    if (known) return known;
    const kept = await keptForms.read<RegistrationSession>(keptName(key));
    if (!kept || kept.key !== key) return undefined;
    sessions.set(key, sessions.get(key) ?? kept);
    emit();
    return sessions.get(key);
  },
  /** The registration ended (saved or cancelled): a later entry starts over. */
  end(key: string): void {
    sessions.delete(key);
    void keptForms.discard(keptName(key));
    void keptForms.discardUnder(`unit:${key}:`);
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
  const setPendingArea = useCallback(
    (pendingArea: TypedArea) => {
      if (key) registrationSessions.update(key, (s) => ({ ...s, pendingArea }));
    },
    [key],
  );
  return { session, update, setPending, setPendingArea };
}

export type UpdateFields = (patch: Partial<RegistrationFields>) => void;
