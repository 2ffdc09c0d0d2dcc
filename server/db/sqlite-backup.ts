import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { BackupEngine, CopyCheck } from '../ops/backup/engine.ts';
import { markRestored } from '../sync/restores.repository.ts';
import { migrateToLatest, openDatabase } from './database.ts';

/**
 * How far a restore moves every AUTOINCREMENT counter: ids the lost server gave out after the
 * backup (a site a device saved, then a memo queued on it) are never given to new rows, so a
 * device's queued change that names one is refused, never applied to someone else's row.
 */
export const RESTORE_ID_GAP = 1_000_000;

/**
 * Copying and checking run on their own connection in a worker thread: VACUUM INTO reads a
 * consistent snapshot (one read transaction; in WAL mode the server keeps writing meanwhile)
 * and writes a compact copy, and neither it nor the integrity check of a large database holds
 * the server's event loop. Plain JavaScript (a worker does not go through tsx).
 */
const WORKER = `
const { workerData: w, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(w.driver);
if (w.op === 'copy') {
  const db = new Database(w.source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 30000');
    db.prepare('VACUUM INTO ?').run(w.dest);
  } finally {
    db.close();
  }
  const fd = fs.openSync(w.dest, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  parentPort.postMessage(null);
} else {
  const db = new Database(w.file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.pragma('integrity_check').map((r) => r.integrity_check).filter((r) => r !== 'ok');
    const tracked = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    const migrations = tracked ? db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() : [];
    parentPort.postMessage({ problems, migrations });
  } finally {
    db.close();
  }
}
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

function inWorker<T>(data: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { ...data, driver } });
    let answered = false;
    worker.once('message', (value: T) => {
      answered = true;
      resolve(value);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`backup worker ended with code ${code}`));
    });
  });
}

/** The files SQLite keeps a database in. */
const sidecars = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

/** Backups of the SQLite database at `dbFile` (DATA_DIR/app.db). */
export function sqliteBackupEngine({ dbFile }: { dbFile: string }): BackupEngine {
  return {
    kind: 'sqlite',
    extension: '.db',
    copy: async ({ dest }) => {
      await inWorker<null>({ op: 'copy', source: dbFile, dest });
    },
    check: async ({ file }) => {
      try {
        return await inWorker<CopyCheck>({ op: 'check', file });
      } catch (err) {
        // Not a database at all, or cut short: SQLite refuses to read it.
        return { problems: [(err as Error).message], migrations: [] };
      }
    },
    install: async ({ file, restoredAt, source }) => {
      const staging = `${dbFile}.restoring`;
      fs.mkdirSync(path.dirname(dbFile), { recursive: true });
      for (const f of sidecars(staging)) fs.rmSync(f, { force: true });
      fs.copyFileSync(file, staging);
      const handle = openDatabase({ file: staging });
      let migrated: string[];
      let skipped: { from: number; to: number };
      try {
        migrated = await migrateToLatest(handle.db);
        skipped = await markRestored({ db: handle.db, restoredAt, source });
        bumpIdCounters(handle.sqlite);
        // Everything into the one file before it is moved: no WAL may stay behind under the old name.
        handle.sqlite.pragma('journal_mode = DELETE');
      } finally {
        await handle.close();
      }
      // What was there is kept, with its WAL, under one name: nothing is deleted by a restore.
      let replacedTo: string | null = null;
      if (fs.existsSync(dbFile)) {
        const aside = `${dbFile}.before-restore-${restoredAt.toISOString().replace(/[:.]/g, '-')}`;
        const targets = sidecars(aside);
        sidecars(dbFile).forEach((from, i) => {
          if (fs.existsSync(from)) fs.renameSync(from, targets[i] as string);
        });
        replacedTo = aside;
      } else {
        // A WAL left without its database would be read into the restored one.
        for (const f of sidecars(dbFile)) fs.rmSync(f, { force: true });
      }
      fs.renameSync(staging, dbFile);
      return { replacedTo, migrated, skipped };
    },
  };
}

/** Moves every AUTOINCREMENT counter RESTORE_ID_GAP ahead, counters of tables never written to included. */
function bumpIdCounters(sqlite: ReturnType<typeof openDatabase>['sqlite']): void {
  sqlite.transaction(() => {
    // sqlite_sequence has no column types: a bound number would make the counter a REAL.
    const gap = BigInt(RESTORE_ID_GAP);
    sqlite.prepare('UPDATE sqlite_sequence SET seq = seq + ?').run(gap);
    sqlite
      .prepare(
        `INSERT INTO sqlite_sequence (name, seq)
         SELECT name, ? FROM sqlite_master
         WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'
           AND name NOT IN (SELECT name FROM sqlite_sequence)`,
      )
      .run(gap);
  })();
}

/** The migrations a database file has run, read without writing to it; null when it has no record of any. */
export function appliedMigrations(file: string): string[] | null {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
  } catch {
    return null;
  } finally {
    db.close();
  }
}
