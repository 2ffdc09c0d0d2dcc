import { mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../migrations/postgres/index.ts';
import { type PostgresCluster, startPostgresCluster } from '../../tests/support/postgres-cluster.ts';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { testConfig } from '../config.ts';
import { backupJob } from '../ops/backup/backup.job.ts';
import { takeBackup } from '../ops/backup/backup.ts';
import { BackupError } from '../ops/backup/engine.ts';
import { readManifest } from '../ops/backup/manifest.ts';
import { restoreBackup } from '../ops/backup/restore.ts';
import { RESTORE_VERSION_GAP } from '../sync/restores.repository.ts';
import { createTestApp, insertUser } from '../testing/fixtures.ts';
import { insertSite, siteWithUnits } from '../testing/sync-fixtures.ts';
import { postgresTestDb } from '../testing/test-database.ts';
import type { Db } from './database.ts';
import { openPostgres } from './postgres.ts';
import { markDatabaseRestored, postgresBackupEngine } from './postgres-backup.ts';
import { RESTORE_ID_GAP } from './sqlite-backup.ts';
import { postgresDigest, type TableDigest } from './table-digest.ts';

/**
 * Backups on PostgreSQL (server/db/postgres-backup.ts): a pg_dump of the live database, checked,
 * restored into a cluster that never saw it (the lost server's replacement), as the SQLite
 * restore does: the same rows, marked restored, ids and versions moved past the lost server's.
 */

let source: TestPostgres;
let spare: PostgresCluster;
let folder: string;
beforeAll(async () => {
  [source, spare] = await Promise.all([freshPostgresDatabase(), startPostgresCluster()]);
  folder = mkdtempSync(path.join(tmpdir(), 'bunyang-pg-backup-'));
});
afterAll(async () => {
  await Promise.all([source?.drop(), spare?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

/** Every table's digest, all columns. */
async function digests(db: Db): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const table of await db.introspection.getTables()) {
    out[table.name] = await postgresDigest({
      db,
      table: table.name,
      columns: table.columns.map((c) => c.name),
    });
  }
  return out;
}

const dirs = () => ({
  dataDir: path.join(folder, 'data'),
  uploadsDir: path.join(folder, 'data', 'uploads'),
  backupDir: path.join(folder, 'backups'),
});

describe('backups on PostgreSQL', () => {
  it('restores a dump of the running database into a fresh cluster: the same rows, marked restored, ids and versions moved ahead', async () => {
    const t = await createTestApp({
      database: postgresTestDb({ handle: source.handle, close: async () => {} }),
    });
    const userIdx = await insertUser(t, { f_name: '백업 회원' });
    const { site } = await siteWithUnits(t, { userIdx, f_name: '백업 현장' });
    const now = new Date('2026-11-27T03:00:00Z');

    const taken = await takeBackup({
      engine: postgresBackupEngine({ url: source.url }),
      sources: { dataDir: dirs().dataDir, uploadsDir: dirs().uploadsDir },
      settings: { dir: dirs().backupDir, keepHourly: 24, keepDaily: 14 },
      now,
    });
    expect(taken.path.endsWith('.dump')).toBe(true);
    expect(taken.copy.engine).toBe('postgres');
    expect(taken.copy.migration).toBe(Object.keys(postgresMigrations).sort().at(-1));
    const atBackup = await digests(source.handle.db);
    // Written after the backup: the restore loses it.
    await insertSite(t, { userIdx, f_name: '백업 뒤 현장' });

    const target = spare.url('bunyang');
    const restore = (at: Date) =>
      restoreBackup({ from: taken.path, engine: postgresBackupEngine({ url: target }), ...dirs(), now: at });
    const restored = await restore(new Date('2026-11-27T04:00:00Z'));
    expect(restored.replacedTo).toBeNull();
    expect(restored.migrated).toEqual([]);
    expect(restored.skipped.to - restored.skipped.from).toBe(RESTORE_VERSION_GAP);

    const back = openPostgres({ url: target, poolSize: 2 });
    try {
      const after = await digests(back.db);
      // What the backup held, table by table; the clock and the restore record are the restore's own.
      const changed = Object.keys(after).filter(
        (table) => atBackup[table]?.checksum !== after[table]?.checksum,
      );
      expect(changed.sort()).toEqual(['sync_clock', 'sync_restores']);
      expect(after.sites?.rows).toBe(1);
      expect(after.sync_restores?.rows).toBe(1);
      const restoredApp = await createTestApp({
        database: postgresTestDb({ handle: back, close: async () => {} }),
      });
      const next = await insertSite(restoredApp, { userIdx, f_name: '복원 뒤 현장' });
      expect(next).toBeGreaterThan(site + RESTORE_ID_GAP);
      restoredApp.deps.live?.close();
    } finally {
      await back.close();
    }

    // Restored again over it: the database that was there is kept beside it under another name.
    const again = await restore(new Date('2026-11-27T05:00:00Z'));
    expect(again.replacedTo).toBe('bunyang_before_20261127_050000');
    const aside = openPostgres({ url: spare.url(again.replacedTo ?? ''), poolSize: 1 });
    try {
      expect(
        (await aside.db.selectFrom('sites').select('f_name').orderBy('f_idx').execute()).map((r) => r.f_name),
      ).toEqual(['백업 현장', '복원 뒤 현장']);
    } finally {
      await aside.close();
    }
    t.deps.live?.close();
  });

  it('refuses a dump cut short before touching the server: no database is created', async () => {
    const taken = await takeBackup({
      engine: postgresBackupEngine({ url: source.url }),
      sources: { dataDir: dirs().dataDir, uploadsDir: dirs().uploadsDir },
      settings: { dir: path.join(folder, 'other-backups'), keepHourly: 24, keepDaily: 14 },
      now: new Date('2026-11-27T06:00:00Z'),
    });
    truncateSync(taken.path, Math.floor(statSync(taken.path).size / 2));
    const target = spare.url('cut');
    const refused = restoreBackup({
      from: taken.path,
      engine: postgresBackupEngine({ url: target }),
      ...dirs(),
      now: new Date('2026-11-27T07:00:00Z'),
    });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/the copy is damaged: pg_restore failed/);
    const admin = openPostgres({ url: spare.url('postgres'), poolSize: 1 });
    try {
      const names = await sql<{ datname: string }>`SELECT datname FROM pg_database`.execute(admin.db);
      expect(names.rows.map((r) => r.datname)).not.toContain('cut');
    } finally {
      await admin.close();
    }
  });

  it('marks a database a managed service brought back from its snapshot as restored, as a restore from a dump does', async () => {
    const back = await freshPostgresDatabase();
    try {
      const t = await createTestApp({
        database: postgresTestDb({ handle: back.handle, close: async () => {} }),
      });
      const userIdx = await insertUser(t, { f_name: '스냅샷 회원' });
      const site = await insertSite(t, { userIdx });
      const { version } = await back.handle.db
        .selectFrom('sync_clock')
        .select('version')
        .executeTakeFirstOrThrow();

      const marked = await markDatabaseRestored({
        url: back.url,
        restoredAt: new Date('2026-11-27T08:00:00Z'),
        source: 'snapshot: 03:00',
      });
      expect(marked.skipped).toEqual({ from: version, to: version + RESTORE_VERSION_GAP });
      const rows = await t.handle.all('SELECT f_source FROM sync_restores');
      expect(rows).toEqual([{ f_source: 'snapshot: 03:00' }]);
      expect(await insertSite(t, { userIdx })).toBeGreaterThan(site + RESTORE_ID_GAP);
      t.deps.live?.close();
    } finally {
      await back.drop();
    }
  });

  it('is what the scheduled backup job takes when DATABASE_URL names PostgreSQL', async () => {
    const config = {
      ...testConfig(),
      dataDir: dirs().dataDir,
      uploadsDir: dirs().uploadsDir,
      backup: { dir: path.join(folder, 'job-backups'), everyMinutes: 60, keepHourly: 24, keepDaily: 14 },
    };
    const job = backupJob({ ...config, databaseUrl: source.url });
    const summary = (await job.run({
      now: new Date('2026-11-27T09:00:00Z'),
      logger: pino({ level: 'silent' }),
    })) as {
      file: string;
    };
    expect(summary.file).toBe('db/app-2026-11-27T09-00-00-000Z.dump');
    expect(readManifest(config.backup.dir).copies.map((c) => c.engine)).toEqual(['postgres']);
  });
});
