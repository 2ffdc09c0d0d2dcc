import { msg } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import { checkSessionCall } from '../../sync/api/auth.api.ts';
import { pullCall, pushCall } from '../../sync/api/sync.api.ts';
import { Headers } from '../../sync/codes.ts';
import { decodePull } from '../../sync/protocol.ts';
import { ApiError, api, headers } from '../api/client.ts';
import { sessionStore } from '../api/session.ts';
import { LocalDb, localDb } from '../db/db.ts';
import { i18n } from '../i18n/i18n.ts';
import { SyncEngine, type SyncStatus } from './engine.ts';
import { startLive } from './live.ts';
import { loadMutators } from './local-store.ts';
import { createFetchTransport, errorOfEnvelope, type SyncTransport } from './transport.ts';

/** Uploads one picture through the API client (spec §7 upload image) and answers its URL. */
export async function uploadPicture({
  file,
  name,
  kind,
  deadline = false,
}: {
  file: Blob;
  name: string;
  kind: number;
  /** The sync engine's uploads give up when no answer comes in time (src/api/answer-deadline.ts). */
  deadline?: boolean;
}) {
  const named = file instanceof File ? file : new File([file], name, { type: file.type });
  // Only a write with pictures uploads: the call's contract stays off the first download.
  const { uploadImageCall } = await import('../../sync/api/uploads.api.ts');
  return (await api(uploadImageCall, { file: named, kind: kind as 1 }, { deadline })).url;
}

/** The app's transport: the API client, so session headers and forced logout work as for every call. */
const apiTransport: SyncTransport = {
  // A request with no answer in time fails like a lost network, so a dead connection never holds the engine.
  push: (request) => withProtocolErrors(() => api(pushCall, request, { deadline: true })),
  pull: async (request) =>
    decodePull(await withProtocolErrors(() => api(pullCall, request, { deadline: true }))),
  upload: (input) => uploadPicture({ ...input, deadline: true }),
};

async function withProtocolErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw errorOfEnvelope({ code: err.code, msg: err.message, data: err.data });
    throw err;
  }
}

/** The device's one sync engine, on the device's store. */
export const syncEngine = new SyncEngine({
  db: localDb,
  transport: apiTransport,
  messages: {
    fileMissing: () => i18n._(msg`The image of this change is no longer on this device.`),
    unconfirmed: () =>
      i18n._(msg`The server could not confirm this change. Check it and make it again if it is missing.`),
  },
});

let stopLive: (() => void) | null = null;

/**
 * The live stream of the member signed in (src/sync/live.ts): a poke pulls at once instead of at
 * the next 30-second sync. Opened once the first sync has ended, so it never competes with it.
 */
function liveFor(uid: number, member: () => number | null): void {
  void syncEngine.firstCycleEnded.then(() => {
    if (member() !== uid || stopLive) return;
    stopLive = startLive({
      headers,
      onPoke: () => syncEngine.syncSoon(),
      // The session-ending answer of this call signs the device out with the server's reason.
      onEnded: () => void api(checkSessionCall, {}).catch(() => {}),
    });
  });
}

function endLive(): void {
  stopLive?.();
  stopLive = null;
}

let watchingSession = false;
/** The member the engine was last started for: a repeated call for the same one does nothing. */
let startedFor: number | null = null;

/** Starts syncing while a member is signed in; stops when the session ends. Safe to call often. */
export function ensureSyncStarted(): void {
  const member = () => (sessionStore.get() ?? sessionStore.stored())?.uid ?? null;
  const startFor = (uid: number) => {
    if (startedFor === uid) return;
    startedFor = uid;
    // Another member's view (or a new sign-in): the stream of the last session goes.
    endLive();
    // The operations' declarations load now, so the first pull does not wait for them.
    void loadMutators().catch(() => {});
    void syncEngine.bindToMember(uid).then(() => {
      if (member() !== uid) return;
      syncEngine.start();
      liveFor(uid, member);
    });
    // Groups: the member's groups are kept on the device for offline registration
    // and the group sites tab; the pull carries sites only. Its own chunk, off the entry.
    void import('../features/groups/my-groups.ts').then((m) => m.refreshMyGroups()).catch(() => {});
  };
  const uid = member();
  if (uid !== null) startFor(uid);
  if (watchingSession) return;
  watchingSession = true;
  sessionStore.subscribe(() => {
    const next = member();
    if (next === null) {
      startedFor = null;
      endLive();
      syncEngine.stop();
    } else startFor(next);
  });
}

/** Stops the engine until `ensureSyncStarted` is called again (a member under review does not pull). */
export function stopSyncing(): void {
  startedFor = null;
  endLive();
  syncEngine.stop();
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    (listener) => syncEngine.subscribe(listener),
    () => syncEngine.status(),
    () => syncEngine.status(),
  );
}

/**
 * A handle for browser tests and the benchmark: the app's engine and store, and a way to
 * make a separate engine on its own store with an explicit token.
 */
const testHandle = {
  engine: syncEngine,
  db: localDb,
  createEngine: ({ dbName, token, deviceId }: { dbName: string; token: string; deviceId: string }) =>
    new SyncEngine({
      db: new LocalDb(dbName),
      transport: createFetchTransport({
        baseUrl: '',
        // The device the token was issued to: a token works from no other.
        headers: () => ({ [Headers.accessToken]: token, [Headers.deviceId]: deviceId }),
      }),
    }),
};

declare global {
  interface Window {
    __bunyangSync?: typeof testHandle;
  }
}

if (typeof window !== 'undefined') window.__bunyangSync = testHandle;
