import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk now; an S3-compatible store can implement the same. */
export interface FileStorage {
  /** Stores bytes and returns the public URL path (e.g. /uploads/2026/11/uuid.webp). */
  put: (args: { bytes: Uint8Array; ext: string }) => Promise<string>;
  /** Reads a stored file back by its URL path, or null when it is not ours. */
  read: (url: string) => Promise<Uint8Array | null>;
  remove: (url: string) => Promise<void>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export function localDiskStorage({ dir }: { dir: string }): FileStorage {
  const resolve = (url: string): string | null => {
    if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
    const rel = url.slice(UPLOADS_URL_PREFIX.length);
    const full = path.resolve(dir, rel);
    return full.startsWith(path.resolve(dir) + path.sep) ? full : null;
  };
  return {
    put: async ({ bytes, ext }) => {
      const month = new Date().toISOString().slice(0, 7).replace('-', '/');
      const rel = `${month}/${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
      const full = path.join(dir, rel);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, bytes);
      return `${UPLOADS_URL_PREFIX}${rel}`;
    },
    read: async (url) => {
      const full = resolve(url);
      if (!full) return null;
      try {
        return new Uint8Array(await fs.readFile(full));
      } catch {
        return null;
      }
    },
    remove: async (url) => {
      const full = resolve(url);
      if (full) await fs.rm(full, { force: true });
    },
  };
}
