import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../../migrations/index.ts';
import { postgresMigrations } from '../../../migrations/postgres/index.ts';
import { runningServer } from '../pidfile.ts';
import { BACKUP_LAYOUT } from './backup.ts';
import { type BackupEngine, BackupError, type Installed } from './engine.ts';
import { copyKeyFiles, copyNewFiles } from './files.ts';
import { readManifest, sha256Of } from './manifest.ts';

export interface Restored extends Installed {
  /** When the copy was taken (from the manifest; null when it has no record of it). */
  takenAt: string | null;
  /** Pictures put back (missing from the uploads folder) out of those backed up. */
  pictures: { files: number; added: number };
  /** Key files put back (app-secret, vapid.json). */
  keys: string[];
}

/**
 * The folder a copy belongs to: the parent of its `db/` folder, else the configured one. Its
 * pictures, keys and manifest come from there.
 */
export function backupFolderOf({ copy, configured }: { copy: string; configured: string }): string {
  const parent = path.dirname(path.resolve(copy));
  return path.basename(parent) === BACKUP_LAYOUT.copies ? path.dirname(parent) : configured;
}

/**
 * Restores a copy into a stopped server's data folder: refuses while the server runs there,
 * checks the copy (integrity, a version this code knows, the checksum it was recorded with),
 * then the engine puts it in place (what was there is kept aside) and the pictures and keys
 * the backup holds come back. Every refusal is a BackupError and changes nothing.
 */
export async function restoreBackup({
  from,
  engine,
  dataDir,
  uploadsDir,
  backupDir,
  now,
}: {
  from: string;
  engine: BackupEngine;
  dataDir: string;
  uploadsDir: string;
  backupDir: string;
  now: Date;
}): Promise<Restored> {
  const running = runningServer(dataDir);
  if (running) {
    throw new BackupError(
      `the server is running on ${dataDir} (process ${running.pid}): stop it first (systemctl stop, or Ctrl+C)`,
    );
  }
  const file = path.resolve(from);
  if (!fs.existsSync(file)) throw new BackupError(`no such copy: ${file}`);
  const folder = backupFolderOf({ copy: file, configured: backupDir });
  const record = readManifest(folder).copies.find((c) => path.resolve(folder, c.file) === file);
  if (record && record.engine !== engine.kind) {
    throw new BackupError(
      `the copy is of a ${record.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database; this server is configured for ${engine.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite (DATABASE_URL unset)'}`,
    );
  }
  const check = await engine.check({ file });
  if (check.problems.length > 0) {
    throw new BackupError(`the copy is damaged: ${check.problems.slice(0, 5).join('; ')}`);
  }
  if (check.migrations.length === 0) throw new BackupError(`not a copy of this product's database: ${file}`);
  const known = engine.kind === 'postgres' ? postgresMigrations : migrations;
  const unknown = check.migrations.filter((name) => !(name in known));
  if (unknown.length > 0) {
    throw new BackupError(
      `the copy was made by a newer version (migrations ${unknown.join(', ')}): restore it with that version`,
    );
  }
  if (record && (await sha256Of(file)) !== record.sha256) {
    throw new BackupError(`the copy changed since it was taken and checked (${record.taken_at}): not used`);
  }
  const installed = await engine.install({ file, restoredAt: now, source: path.basename(file) });
  const keys = copyKeyFiles({
    from: path.join(folder, BACKUP_LAYOUT.keys),
    to: dataDir,
    keepOld: `before-restore-${now.toISOString().replace(/[:.]/g, '-')}`,
  });
  const pictures = await copyNewFiles({ from: path.join(folder, BACKUP_LAYOUT.uploads), to: uploadsDir });
  return { ...installed, takenAt: record?.taken_at ?? null, pictures, keys };
}
