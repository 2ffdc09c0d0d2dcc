import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What was backed up, beside the copies (BACKUP_DIR/manifest.json), so the record survives
 * the database it describes. Each copy with its time, size, checksum and check result. A copy
 * is usable without it (a restore checks the copy itself); with it, a restore also proves the
 * file is the one that was checked.
 */
export const MANIFEST = 'manifest.json';

export interface CopyRecord {
  /** Relative to the backup folder: `db/app-<time>.db`. */
  file: string;
  engine: 'sqlite' | 'postgres';
  taken_at: string;
  bytes: number;
  sha256: string;
  /** PRAGMA integrity_check (or the engine's check) passed on the copy. */
  integrity: 'ok';
  /** The last migration the copy has run: the app version it belongs with. */
  migration: string;
  pictures: { files: number; added: number };
}

export interface Manifest {
  format: 1;
  copies: CopyRecord[];
}

export function readManifest(dir: string): Manifest {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (parsed.format === 1 && Array.isArray(parsed.copies)) return parsed;
  } catch {
    // None yet, or unreadable: the copies themselves are still there.
  }
  return { format: 1, copies: [] };
}

/** Written whole to a temporary file and renamed over the old one: never half a manifest. */
export function writeManifest({ dir, manifest }: { dir: string; manifest: Manifest }): void {
  const file = path.join(dir, MANIFEST);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
