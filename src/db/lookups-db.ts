import Dexie, { type EntityTable } from 'dexie';
import type { CopyPlace } from '../api/online-copy.ts';

/** A public-data answer as the device keeps it: the call and its input make the key. */
export interface KeptLookup {
  key: string;
  fetched_at: string;
  answer: unknown;
}

/**
 * Public-data look-ups the member opened, kept with their fetch date for offline reading
 * (src/features/public-data/kept-lookups.ts). A database of its own beside the sync store
 * (`bunyang`): the answers are online calls the sync protocol never carries, and their schema
 * can change without touching the sync store's version history. Cleared with it on logout.
 */
export class LookupsDb extends Dexie {
  lookups!: EntityTable<KeptLookup, 'key'>;

  constructor(name = 'bunyang-lookups') {
    super(name);
    this.version(1).stores({ lookups: 'key, fetched_at' });
  }
}

export const lookupsDb = new LookupsDb();

/** Where one look-up's answer is kept (src/api/online-copy.ts), dated by its fetch. */
export function lookupCopy<T>({ db, key }: { db: LookupsDb; key: string }): CopyPlace<T> {
  return {
    read: async () => {
      const kept = await db.lookups.get(key);
      return kept ? { value: kept.answer as T, savedAt: kept.fetched_at } : undefined;
    },
    write: async ({ value, savedAt }) => {
      await db.lookups.put({ key, fetched_at: savedAt ?? new Date().toISOString(), answer: value });
    },
  };
}

/**
 * Logout clears the member's online downloads kept beside the sync store: these look-ups and
 * the offline areas (areas-db.ts, loaded only now). One chunk for db.ts to load, so the entry
 * names no more chunks than it did.
 */
export async function clearKeptCaches(): Promise<void> {
  await lookupsDb.lookups.clear();
  await (await import('./areas-db.ts')).clearAreas();
  // Site pictures kept for offline viewing (src/features/offline-photos/).
  await (await import('./photos-db.ts')).clearPhotos();
}
