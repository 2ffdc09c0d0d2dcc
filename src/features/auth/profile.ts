import { useSyncExternalStore } from 'react';
import { getProfileCall, type Profile } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';

/**
 * The signed-in member's profile as the server last described it. Points, usage date and
 * admin authority are only ever read from here (the server decides them); a copy is kept
 * in localStorage so the app can show the member offline.
 */
const KEY = 'bt.profile';
let current: Profile | null = read();
const listeners = new Set<() => void>();

function read(): Profile | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Profile) : null;
  } catch {
    return null;
  }
}

function set(profile: Profile | null) {
  current = profile;
  try {
    if (profile) localStorage.setItem(KEY, JSON.stringify(profile));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or unavailable: the in-memory copy still works for this visit.
  }
  for (const l of listeners) l();
}

export const profileStore = {
  get: () => current,
  set,
  clear: () => set(null),
  /** Fetches the profile from the server; throws ApiError / NetworkError. */
  refresh: async (): Promise<Profile> => {
    const profile = await api(getProfileCall, {});
    set(profile);
    return profile;
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useProfile(): Profile | null {
  return useSyncExternalStore(profileStore.subscribe, profileStore.get, profileStore.get);
}

/**
 * A member whose sign-up an admin has not approved: the server refuses their saves and their
 * sync, so the app neither offers registration nor pulls until the status changes.
 */
export function awaitingApproval(profile: Profile | null): boolean {
  return profile !== null && !profile.is_admin && profile.approval !== 'A';
}
