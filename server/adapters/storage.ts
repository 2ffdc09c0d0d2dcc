import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: the data folder's uploads (the default, server/adapters/storage.ts)
 * or an S3-compatible bucket every server instance shares (server/adapters/s3-storage.ts).
 */
export interface FileStorage {
  /** Stores bytes and returns the public URL path (e.g. /uploads/2026/11/uuid.webp). */
  put: (args: { bytes: Uint8Array; ext: string }) => Promise<string>;
  /** Reads a stored file back by its URL path, or null when it is not ours. */
  read: (url: string) => Promise<Uint8Array | null>;
  remove: (url: string) => Promise<void>;
  /**
   * The folder holding the files when they are on this machine's disk (served from it directly);
   * absent for a remote store, whose files /uploads serves through `read`.
   */
  localDir?: string;
}

/** The path of a stored file under its store (`2026/11/uuid.webp`), or null when `url` is not one of ours. */
export function storedPathOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const rel = url.slice(UPLOADS_URL_PREFIX.length);
  // Only what `put` writes: month folders and a plain file name; never `..`, never a query.
  return /^\d{4}\/\d{2}\/[A-Za-z0-9-]+\.[a-z0-9]+$/.test(rel) ? rel : null;
}

/** A new file's path: the month it was stored and a random name. */
export function newStoredPath(ext: string): string {
  const month = new Date().toISOString().slice(0, 7).replace('-', '/');
  return `${month}/${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
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
      const rel = newStoredPath(ext);
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
    localDir: dir,
  };
}
