import { useSyncExternalStore } from 'react';
import { getMyGroupListCall, getRecentVisitGroupCall } from '../../../sync/api/groups.api.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';

/**
 * The member's groups as last seen online, kept on the device: the group select of an offline
 * registration, and the group sites tab offline, need them, and the pull carries sites only.
 * Refreshed when the app starts signed in and after every group change made here.
 */
export interface KnownGroups {
  groups: Array<{ f_idx: number; f_name: string }>;
  /** The group opened last (getRecentVisitGroup), if any. */
  recent: number | null;
}

const EMPTY: KnownGroups = { groups: [], recent: null };
const listeners = new Set<() => void>();
let memo: { key: string; text: string | null; value: KnownGroups | null } | null = null;

const keyOf = (uid: number) => `bt.groups.${uid}`;
const currentUid = () => (sessionStore.get() ?? sessionStore.stored())?.uid ?? 0;

/** The member's groups on this device, or null when the device never saw them. */
export function knownGroups(uid: number = currentUid()): KnownGroups | null {
  const key = keyOf(uid);
  let text: string | null = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null;
  }
  // The same object while nothing changed, as useSyncExternalStore needs.
  if (memo?.key === key && memo.text === text) return memo.value;
  let value: KnownGroups | null = null;
  try {
    value = text ? (JSON.parse(text) as KnownGroups) : null;
  } catch {
    value = null;
  }
  memo = { key, text, value };
  return value;
}

export function rememberGroups(known: KnownGroups, uid: number = currentUid()): void {
  try {
    localStorage.setItem(keyOf(uid), JSON.stringify(known));
  } catch {
    // Not kept: the next online visit asks again.
  }
  for (const l of listeners) l();
}

/** Asks the server for the member's groups and keeps them; quietly does nothing offline. */
export async function refreshMyGroups(): Promise<KnownGroups | null> {
  const uid = currentUid();
  try {
    const [{ list }, { group }] = await Promise.all([
      api(getMyGroupListCall, {}),
      api(getRecentVisitGroupCall, {}),
    ]);
    const known = {
      groups: list.map(({ f_idx, f_name }) => ({ f_idx, f_name })),
      recent: group?.f_idx ?? null,
    };
    if (uid === currentUid()) rememberGroups(known, uid);
    return known;
  } catch {
    return null;
  }
}

/** The known groups, kept current; empty until the device has seen them. */
export function useKnownGroups(): KnownGroups {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => knownGroups() ?? EMPTY,
    () => EMPTY,
  );
}

/** The group a choice starts on: the one opened last, else the first. */
export function preferredGroup(known: KnownGroups): number | null {
  if (known.recent !== null && known.groups.some((g) => g.f_idx === known.recent)) return known.recent;
  return known.groups[0]?.f_idx ?? null;
}
