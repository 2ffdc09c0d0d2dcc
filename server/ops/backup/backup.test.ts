import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index.ts';
import { fixedClock } from '../../clock.ts';
import { testConfig } from '../../config.ts';
import { sqliteBackupEngine } from '../../db/sqlite-backup.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/fixtures.ts';
import { insertSite } from '../../testing/sync-fixtures.ts';
import { registry } from '../metrics.ts';
import { takeBackup } from './backup.ts';
import { type BackupEngine, BackupError } from './engine.ts';
import { readManifest, sha256Of } from './manifest.ts';
import { copiesToKeep } from './retention.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOnDisk({ keepHourly = 24, keepDaily = 14 } = {}) {
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'bunyang-backup-'));
  const config = testConfig({
    dataDir,
    dbFile: path.join(dataDir, 'app.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    backup: { dir: `${dataDir}-backups`, everyMinutes: 60, keepHourly, keepDaily },
  });
  const clock = fixedClock('2026-03-02T01:00:00Z');
  const t: TestApp = await createTestApp({ clock, config, dbFile: config.dbFile });
  cleanups.push(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(config.backup.dir, { recursive: true, force: true });
  });
  const backup = (engine: BackupEngine = sqliteBackupEngine({ dbFile: config.dbFile })) =>
    takeBackup({
      engine,
      sources: { dataDir, uploadsDir: config.uploadsDir },
      settings: config.backup,
      now: clock.now(),
    });
  return { t, config, clock, backup };
}

async function failures(): Promise<number> {
  const metric = await registry.getSingleMetric('bunyang_backup_failures_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

describe('a backup', () => {
  it('is a checked copy of the database, recorded with its time, size and checksum beside it', async () => {
    const { t, config, clock, backup } = await appOnDisk();
    const site = await insertSite(t, { userIdx: await insertUser(t), f_name: '백업할 현장' });
    const taken = await backup();

    expect(taken.path.startsWith(path.join(config.backup.dir, 'db'))).toBe(true);
    const copy = new SQLite(taken.path, { readonly: true });
    cleanups.push(() => {
      copy.close();
    });
    expect(copy.prepare('SELECT f_name FROM sites WHERE f_idx = ?').pluck().get(site)).toBe('백업할 현장');
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const [record] = readManifest(config.backup.dir).copies;
    expect(record).toMatchObject({
      file: path.relative(config.backup.dir, taken.path),
      engine: 'sqlite',
      taken_at: clock.now().toISOString(),
      bytes: fs.statSync(taken.path).size,
      integrity: 'ok',
      // The newest migration, whichever it is now.
      migration: Object.keys(migrations).at(-1),
    });
    expect(record?.sha256).toBe(await sha256Of(taken.path));
  });

  it('copies only the pictures it does not have yet, as hard links, and the keys the server made', async () => {
    const { t, config, clock, backup } = await appOnDisk();
    const put = (n: number) => t.deps.adapters.storage.put({ bytes: new Uint8Array([n, n, n]), ext: 'webp' });
    const firstUrl = await put(1);
    await put(2);
    fs.writeFileSync(path.join(config.dataDir, 'vapid.json'), '{"publicKey":"a","privateKey":"b"}');

    expect((await backup()).copy.pictures).toEqual({ files: 2, added: 2 });
    await put(3);
    clock.advance(3_600_000);
    expect((await backup()).copy.pictures).toEqual({ files: 3, added: 1 });

    const rel = firstUrl.replace('/uploads/', '');
    const kept = path.join(config.backup.dir, 'uploads', rel);
    expect(fs.statSync(kept).ino).toBe(fs.statSync(path.join(config.uploadsDir, rel)).ino);
    // A picture deleted from the data folder stays in the backup for the copies that name it.
    await t.deps.adapters.storage.remove(firstUrl);
    expect(fs.readFileSync(kept)).toEqual(Buffer.from([1, 1, 1]));
    expect(fs.readFileSync(path.join(config.backup.dir, 'keys', 'vapid.json'), 'utf8')).toContain(
      'privateKey',
    );
  });

  it('keeps the newest copies and the last of each recent day, and deletes the rest with their records', async () => {
    const { clock, config, backup } = await appOnDisk({ keepHourly: 2, keepDaily: 2 });
    const taken: string[] = [];
    // Three days, three copies a day (Seoul days: 10:00, 14:00 and 18:00).
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      for (const hour of ['10', '14', '18']) {
        clock.set(`${day}T${hour}:00:00+09:00`);
        taken.push((await backup()).copy.file);
      }
    }
    const kept = readManifest(config.backup.dir).copies.map((c) => c.file);
    // The newest two (4 March, 14:00 and 18:00), and the last of 3 March: the two most recent days.
    expect(kept.sort()).toEqual([taken[5], taken[7], taken[8]].sort());
    expect(fs.readdirSync(path.join(config.backup.dir, 'db')).sort()).toEqual(
      kept.map((f) => path.basename(f)).sort(),
    );
  });

  it('never names a copy that fails its check a backup, and counts the failure', async () => {
    const { config, backup } = await appOnDisk();
    const before = await failures();
    const broken: BackupEngine = {
      ...sqliteBackupEngine({ dbFile: config.dbFile }),
      copy: async ({ dest }) => fs.writeFileSync(dest, 'not a database at all, just some bytes'),
    };
    await expect(backup(broken)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(path.join(config.backup.dir, 'db'))).toEqual([]);
    expect(readManifest(config.backup.dir).copies).toEqual([]);
    expect(await failures()).toBe(before + 1);
  });

  it('runs one at a time: a lock held by a live process refuses, one left by a dead process is taken over', async () => {
    const { config, backup } = await appOnDisk();
    const lock = path.join(config.backup.dir, 'backup.lock');
    fs.mkdirSync(config.backup.dir, { recursive: true });
    fs.writeFileSync(lock, `${process.ppid}\n`);
    await expect(backup()).rejects.toThrow(/another backup is running/);
    fs.writeFileSync(lock, '2147483646\n');
    await expect(backup()).resolves.toMatchObject({ removed: [] });
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('retention', () => {
  const copy = (taken_at: string) => ({ file: taken_at, taken_at });

  it('with no daily copies keeps exactly the newest ones', () => {
    const copies = ['2026-03-01T01:00:00Z', '2026-03-01T02:00:00Z', '2026-03-01T03:00:00Z'].map(copy);
    expect([...copiesToKeep({ copies, keepHourly: 2, keepDaily: 0 })].sort()).toEqual([
      '2026-03-01T02:00:00Z',
      '2026-03-01T03:00:00Z',
    ]);
  });

  it('counts days in Seoul: 23:30 UTC is the next day there', () => {
    const copies = ['2026-03-01T14:00:00Z', '2026-03-01T15:30:00Z', '2026-03-02T01:00:00Z'].map(copy);
    // 15:30Z and 01:00Z are both 2 March in Seoul: the day keeps only its last.
    expect([...copiesToKeep({ copies, keepHourly: 0, keepDaily: 2 })].sort()).toEqual([
      '2026-03-01T14:00:00Z',
      '2026-03-02T01:00:00Z',
    ]);
  });
});
