import type { Config } from '../config.ts';
import { type FileStorage, localDiskStorage } from './storage.ts';

/**
 * Every outside service the server talks to, each behind one interface with a real
 * client (configured by env vars) and a local default that works with no network.
 */
export interface Adapters {
  storage: FileStorage;
}

export function createAdapters({ config }: { config: Config }): Adapters {
  return {
    storage: localDiskStorage({ dir: config.uploadsDir }),
  };
}
