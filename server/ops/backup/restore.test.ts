import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.ts';
import { testConfig } from '../../config.ts';
import { RESTORE_ID_GAP, sqliteBackupEngine } from '../../db/sqlite-backup.ts';
import { RESTORE_VERSION_GAP } from '../../sync/restores.repository.ts';
import { createTestApp, insertUser } from '../../testing/fixtures.ts';
import { insertSite } from '../../testing/sync-fixtures.ts';
import { PID_FILE } from '../pidfile.ts';
import { takeBackup } from './backup.ts';
import { BackupError } from './engine.ts';
import { restoreBackup } from './restore.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder with a site in its database, a backup of it, and the server stopped. */
async function backedUp() {
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'bunyang-restore-'));
  const config = testConfig({
    dataDir,
    dbFile: path.join(dataDir, 'app.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    backup: { dir: `${dataDir}-backups`, everyMinutes: 60, keepHourly: 24, keepDaily: 14 },
  });
  cleanups.push(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(config.backup.dir, { recursive: true, force: true });
  });
  const clock = fixedClock('2026-03-02T01:00:00Z');
  const t = await createTestApp({ clock, config, dbFile: config.dbFile });
  const owner = await insertUser(t);
  const site = await insertSite(t, { userIdx: owner, f_name: '복원할 현장' });
  const picture = await t.deps.adapters.storage.put({ bytes: new Uint8Array([7, 7, 7]), ext: 'webp' });
  fs.writeFileSync(path.join(dataDir, 'app-secret'), 'the-secret');
  const engine = sqliteBackupEngine({ dbFile: config.dbFile });
  const taken = await takeBackup({
    engine,
    sources: { dataDir, uploadsDir: config.uploadsDir },
    settings: config.backup,
    now: clock.now(),
  });
  const clockBefore = t.handle.sqlite.prepare('SELECT version FROM sync_clock').pluck().get() as number;
  // Written after the backup: the restore does not bring it back.
  await insertSite(t, { userIdx: owner, f_name: '백업 뒤 현장' });
  await t.close();
  const restore = (from = taken.path) =>
    restoreBackup({
      from,
      engine,
      dataDir,
      uploadsDir: config.uploadsDir,
      backupDir: config.backup.dir,
      now: new Date('2026-03-02T05:00:00Z'),
    });
  const names = () =>
    new SQLite(config.dbFile, { readonly: true })
      .prepare('SELECT f_name FROM sites ORDER BY f_idx')
      .pluck()
      .all();
  return { config, site, picture, taken, restore, names, clockBefore };
}

function runForever(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)', ...args], { stdio: 'ignore' });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return child;
}

describe('restoring a backup', () => {
  it('puts the copy in place, keeps what was there aside, and brings back the pictures and keys', async () => {
    const { config, site, picture, taken, restore, names, clockBefore } = await backedUp();
    fs.rmSync(path.join(config.uploadsDir), { recursive: true });
    fs.rmSync(path.join(config.dataDir, 'app-secret'));

    const restored = await restore();

    expect(names()).toEqual(['복원할 현장']);
    expect(restored.replacedTo).toMatch(/app\.db\.before-restore-2026-03-02T05-00-00-000Z$/);
    const replaced = new SQLite(restored.replacedTo as string, { readonly: true });
    expect(replaced.prepare('SELECT COUNT(*) FROM sites').pluck().get()).toBe(2);
    replaced.close();
    expect(fs.readFileSync(path.join(config.uploadsDir, picture.replace('/uploads/', '')))).toEqual(
      Buffer.from([7, 7, 7]),
    );
    expect(fs.readFileSync(path.join(config.dataDir, 'app-secret'), 'utf8')).toBe('the-secret');
    expect(restored).toMatchObject({ takenAt: '2026-03-02T01:00:00.000Z', keys: ['app-secret'] });

    const db = new SQLite(config.dbFile, { readonly: true });
    cleanups.push(() => {
      db.close();
    });
    // The sync versions and ids the lost server may have given out are skipped.
    expect(restored.skipped).toEqual({ from: clockBefore, to: clockBefore + RESTORE_VERSION_GAP });
    expect(db.prepare('SELECT version FROM sync_clock').pluck().get()).toBe(
      clockBefore + RESTORE_VERSION_GAP,
    );
    expect(db.prepare('SELECT f_from_version, f_source FROM sync_restores').get()).toEqual({
      f_from_version: clockBefore,
      f_source: path.basename(taken.path),
    });
    expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'sites'").pluck().get()).toBe(
      site + RESTORE_ID_GAP,
    );
  });

  it('refuses while the server runs on the data folder, and not because of a file a crashed server left', async () => {
    const { config, restore, names } = await backedUp();
    const server = runForever(['server/main.ts']);
    fs.writeFileSync(path.join(config.dataDir, PID_FILE), `${server.pid}\n`);
    await expect(restore()).rejects.toThrow(/the server is running .* stop it first/);
    expect(names()).toEqual(['복원할 현장', '백업 뒤 현장']);

    // A process that is gone, then a process id now used by something else: both are stale.
    fs.writeFileSync(path.join(config.dataDir, PID_FILE), '2147483646\n');
    await expect(restore()).resolves.toMatchObject({ migrated: [] });
    expect(names()).toEqual(['복원할 현장']);
    const other = runForever([]);
    fs.writeFileSync(path.join(config.dataDir, PID_FILE), `${other.pid}\n`);
    await expect(restore()).resolves.toMatchObject({ migrated: [] });
  });

  it('refuses a damaged copy, one from a newer version and one changed since it was checked, changing nothing', async () => {
    const { config, taken, restore, names } = await backedUp();
    const bytes = fs.readFileSync(taken.path);

    const cut = path.join(config.backup.dir, 'cut.db');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restore(cut)).rejects.toThrow(BackupError);

    const newer = path.join(config.backup.dir, 'newer.db');
    fs.copyFileSync(taken.path, newer);
    const db = new SQLite(newer);
    db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', 'x')").run();
    db.close();
    await expect(restore(newer)).rejects.toThrow(/newer version \(migrations 9999_from_the_future\)/);

    // Still a whole database, but not the bytes the manifest recorded for this copy.
    const db2 = new SQLite(taken.path);
    db2.prepare("UPDATE sites SET f_name = '바뀐 이름'").run();
    db2.close();
    await expect(restore()).rejects.toThrow(/changed since it was taken/);

    expect(names()).toEqual(['복원할 현장', '백업 뒤 현장']);
    expect(fs.readdirSync(config.dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
  });
});
