import type { CopyPlace } from '../api/online-copy.ts';
import { type LocalDb, localDb } from './db.ts';

/** How a copy is stored in `syncMeta`: the answer and when it was fetched. */
interface StoredCopy {
  saved_at: string | null;
  value: unknown;
}

function isStoredCopy(value: unknown): value is StoredCopy {
  return typeof value === 'object' && value !== null && 'saved_at' in value && 'value' in value;
}

/**
 * A copy of an online answer kept in the member's store (the key-value table `syncMeta`), which
 * logout clears with the rest of the member's data (src/api/online-copy.ts). `write: false`
 * reads a key without keeping new answers under it.
 */
export function memberCopy<T>(
  key: string,
  { write = true, db = localDb }: { write?: boolean; db?: LocalDb } = {},
): CopyPlace<T> {
  return {
    read: async () => {
      const row = await db.syncMeta.get(key);
      if (!row) return undefined;
      // A copy written before copies had dates (the home's) is the bare answer.
      return isStoredCopy(row.value)
        ? { value: row.value.value as T, savedAt: row.value.saved_at }
        : { value: row.value as T, savedAt: null };
    },
    ...(write
      ? {
          write: async (copy) => {
            await db.syncMeta.put({ key, value: { saved_at: copy.savedAt, value: copy.value } });
          },
        }
      : {}),
  };
}
