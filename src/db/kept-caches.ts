import { clearAreas } from './areas-db.ts';
import { lookupsDb } from './lookups-db.ts';

/**
 * The member's online downloads kept beside the sync store, each in its own Dexie database:
 * public-data look-ups (lookups-db.ts) and offline areas (areas-db.ts). Logout clears them
 * with the store; one chunk, loaded then, so the entry never carries them.
 */
export async function clearKeptCaches(): Promise<void> {
  await Promise.all([lookupsDb.lookups.clear(), clearAreas()]);
}
