import fs from 'node:fs';
import path from 'node:path';
import type { BackupSettings } from '../../config.ts';
import { metrics } from '../metrics.ts';
import { type BackupEngine, BackupError } from './engine.ts';
import { copyKeyFiles, copyNewFiles } from './files.ts';
import { type CopyRecord, readManifest, sha256Of, writeManifest } from './manifest.ts';
import { copiesToKeep } from './retention.ts';

/**
 * The backup folder (BACKUP_DIR, by default `<DATA_DIR>-backups`, beside the data and never in
 * it, so whatever removes the data folder leaves the backups):
 *
 *   manifest.json          every copy with its time, size, checksum and check (manifest.ts)
 *   db/app-<time>.db       checked copies of the database, kept by retention.ts
 *   uploads/…              every uploaded picture ever backed up, added to at each backup
 *   keys/                  DATA_DIR's app-secret and vapid.json, when the server made them
 *
 * A copy is written under a temporary name, checked, then renamed: a name in db/ is always a
 * whole, checked copy. One backup at a time (backup.lock), whether the scheduler or
 * `npm run db:backup` started it.
 */
export const BACKUP_LAYOUT = { copies: 'db', uploads: 'uploads', keys: 'keys', lock: 'backup.lock' } as const;

export interface BackupSources {
  dataDir: string;
  uploadsDir: string;
}

export interface BackupTaken {
  copy: CopyRecord;
  /** Absolute path of the new copy: what `npm run db:restore -- --from` takes. */
  path: string;
  /** Copies removed by retention. */
  removed: string[];
}

/** Takes one checked backup now. Throws BackupError (counted in the metrics) when it cannot. */
export async function takeBackup({
  engine,
  sources,
  settings,
  now,
}: {
  engine: BackupEngine;
  sources: BackupSources;
  settings: Pick<BackupSettings, 'dir' | 'keepHourly' | 'keepDaily'>;
  now: Date;
}): Promise<BackupTaken> {
  const dir = settings.dir;
  const copies = path.join(dir, BACKUP_LAYOUT.copies);
  fs.mkdirSync(copies, { recursive: true });
  const unlock = lock(path.join(dir, BACKUP_LAYOUT.lock));
  try {
    const taken = await copyAndCheck({ engine, copies, now });
    const pictures = await copyNewFiles({
      from: sources.uploadsDir,
      to: path.join(dir, BACKUP_LAYOUT.uploads),
    });
    copyKeyFiles({ from: sources.dataDir, to: path.join(dir, BACKUP_LAYOUT.keys) });
    const copy: CopyRecord = {
      file: path.relative(dir, taken.path),
      engine: engine.kind,
      taken_at: now.toISOString(),
      bytes: fs.statSync(taken.path).size,
      sha256: await sha256Of(taken.path),
      integrity: 'ok',
      migration: taken.migration,
      pictures,
    };
    const manifest = readManifest(dir);
    const all = [...manifest.copies.filter((c) => c.file !== copy.file), copy];
    const keep = copiesToKeep({
      copies: all,
      keepHourly: settings.keepHourly,
      keepDaily: settings.keepDaily,
    });
    const removed = all.filter((c) => !keep.has(c.file)).map((c) => c.file);
    // The manifest first: a copy it no longer lists is only a file left to delete.
    writeManifest({ dir, manifest: { format: 1, copies: all.filter((c) => keep.has(c.file)) } });
    for (const file of removed) fs.rmSync(path.join(dir, file), { force: true });
    metrics.backup({ ok: true, at: now, bytes: copy.bytes });
    return { copy, path: taken.path, removed };
  } catch (err) {
    metrics.backup({ ok: false });
    throw err;
  } finally {
    unlock();
  }
}

async function copyAndCheck({
  engine,
  copies,
  now,
}: {
  engine: BackupEngine;
  copies: string;
  now: Date;
}): Promise<{ path: string; migration: string }> {
  // Left by a backup that was cut short (the lock says none is running now).
  for (const name of fs.readdirSync(copies)) {
    if (name.endsWith('.tmp')) fs.rmSync(path.join(copies, name), { force: true });
  }
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let final = path.join(copies, `app-${stamp}${engine.extension}`);
  for (let n = 2; fs.existsSync(final); n++)
    final = path.join(copies, `app-${stamp}-${n}${engine.extension}`);
  const temporary = `${final}.tmp`;
  try {
    await engine.copy({ dest: temporary });
    const check = await engine.check({ file: temporary });
    if (check.problems.length > 0) {
      throw new BackupError(`the copy failed its integrity check: ${check.problems.slice(0, 5).join('; ')}`);
    }
    fs.renameSync(temporary, final);
    return { path: final, migration: check.migrations.at(-1) ?? '' };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Holds the backup folder's lock file; a lock left by a process that is gone is taken over. */
function lock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (processExists(holder)) {
        throw new BackupError(`another backup is running (process ${holder})`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new BackupError('the backup lock could not be taken');
}

function processExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
