/**
 * The signed-in session on this device. Kept in memory and in localStorage, so a reload
 * restores it (spec §2 guard: a stored user id above zero and a stored token).
 */
export interface Session {
  uid: number;
  token: string;
}

const KEY = {
  uid: 'bt.uid',
  token: 'bt.token',
  deviceId: 'bt.deviceId',
  phone: 'bt.savedPhone',
  code: 'bt.savedCode',
  profile: 'bt.profile',
  forcedLogout: 'bt.forcedLogout',
  // An admin's own session while they look at a member's view (src/features/admin/member-view.ts).
  adminReturn: 'bt.adminReturn',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = null;
let memoryDeviceId: string | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  /** The session in memory, if any. */
  get(): Session | null {
    return current;
  },
  /** What a previous visit left in storage, if usable. */
  stored(): Session | null {
    const s = storage();
    const uid = Number(s?.getItem(KEY.uid) ?? 0);
    const token = s?.getItem(KEY.token) ?? '';
    return uid > 0 && token ? { uid, token } : null;
  },
  restore(session: Session): void {
    current = session;
    emit();
  },
  signIn(session: Session): void {
    current = session;
    const s = storage();
    s?.setItem(KEY.uid, String(session.uid));
    s?.setItem(KEY.token, session.token);
    s?.removeItem(KEY.forcedLogout);
    emit();
  },
  /** Drops the session and what identifies the member on this device. */
  signOut(): void {
    current = null;
    const s = storage();
    for (const key of [KEY.uid, KEY.token, KEY.phone, KEY.code, KEY.profile, KEY.adminReturn])
      s?.removeItem(key);
    emit();
  },
  /** A stable id for this browser install, sent with every call. */
  deviceId(): string {
    const s = storage();
    let id = s?.getItem(KEY.deviceId) ?? memoryDeviceId;
    if (!id) {
      id = crypto.randomUUID();
      try {
        s?.setItem(KEY.deviceId, id);
      } catch {
        // Storage full or refused: the id below still holds for this visit.
      }
    }
    // A token works only from its device: without storage the id must at least not change
    // from one call to the next, or every call would end the session.
    memoryDeviceId = id;
    return id;
  },
  /** Forced logout (spec §4): the message to show on the login screen, if one is pending. */
  forcedLogout(): string | null {
    return storage()?.getItem(KEY.forcedLogout) ?? null;
  },
  setForcedLogout(message: string): void {
    storage()?.setItem(KEY.forcedLogout, message || ' ');
    emit();
  },
  clearForcedLogout(): void {
    storage()?.removeItem(KEY.forcedLogout);
    emit();
  },
  savedPhone(): string {
    return storage()?.getItem(KEY.phone) ?? '';
  },
  savePhone(phone: string): void {
    storage()?.setItem(KEY.phone, phone);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
