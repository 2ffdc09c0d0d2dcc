import { useSyncExternalStore } from 'react';
import type { SyncEngine, SyncStatus } from './engine.ts';

/**
 * The header's view of the sync engine, in the entry without the engine itself: the engine, the
 * device store (Dexie) and the protocol's schemas are their own chunk (`./client.ts`), loaded
 * when a signed-in screen starts syncing, so a first visit's login screen does not wait for
 * them. Screens that act on the store import `./client.ts` as before; this module mirrors the
 * engine's status for the screens of the entry (`SyncIndicator`).
 */
let snapshot: SyncStatus = {
  online: true,
  syncing: false,
  pending: 0,
  rejected: 0,
  conflicts: 0,
  lastSyncedAt: null,
  outdated: false,
  error: null,
  retryAt: null,
};
const listeners = new Set<() => void>();
let client: Promise<typeof import('./client.ts')> | null = null;
let mirrored: SyncEngine | null = null;

function mirror(engine: SyncEngine): void {
  if (mirrored === engine) return;
  mirrored = engine;
  const copy = () => {
    snapshot = engine.status();
    for (const listener of listeners) listener();
  };
  engine.subscribe(copy);
  copy();
}

function loadClient(): Promise<typeof import('./client.ts')> {
  client ??= import('./client.ts').then((m) => {
    mirror(m.syncEngine);
    return m;
  });
  return client;
}

let markSettled: () => void = () => {};
/** The first sync of this page has ended, or there is none to wait for (not started, stopped). */
const settled = new Promise<void>((resolve) => {
  markSettled = resolve;
});

/** Loads the engine ahead of use (a sign-in on its way): the first sync then does not wait for it. */
export function prepareSync(): void {
  void loadClient().catch(() => {});
}

/** Starts syncing while a member is signed in (`ensureSyncStarted`); safe to call often. */
export function startSync(): void {
  void loadClient()
    .then((m) => {
      m.ensureSyncStarted();
      return m.syncEngine.firstCycleEnded;
    })
    .catch(() => {})
    .then(markSettled);
}

/** Stops the engine if it was started (a member under review does not pull). */
export function stopSync(): void {
  if (client) void client.then((m) => m.stopSyncing());
  markSettled();
}

/** Settles once this page's first sync has ended (or was never to run). */
export function firstSyncSettled(): Promise<void> {
  return settled;
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => snapshot,
  );
}
