// npm run db:restore -- --from FILE: a checked copy back into a stopped server's DATA_DIR (or the
// PostgreSQL database of DATABASE_URL). --snapshot WHAT: PostgreSQL brought back by the managed
// service's own snapshot; marks it restored as a restore from a copy does.
import { parseArgs } from 'node:util';
import { dataPaths, readEnv } from '../../config.ts';
import { databaseSettings } from '../../db/open.ts';
import { markDatabaseRestored } from '../../db/postgres-backup.ts';
import { BackupError } from './engine.ts';
import { backupEngineFor } from './engines.ts';
import { readManifest } from './manifest.ts';
import { restoreBackup } from './restore.ts';

const USAGE =
  'usage: npm run db:restore -- --from <copy> (a file under BACKUP_DIR/db; --list shows them), or on PostgreSQL --snapshot <which snapshot>';

try {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, list: { type: 'boolean' }, snapshot: { type: 'string' } },
  });
  const paths = dataPaths(readEnv(process.env).e);
  if (values.snapshot !== undefined) {
    const databaseUrl = databaseSettings(process.env).url;
    if (!databaseUrl)
      throw new BackupError('--snapshot is for PostgreSQL: set DATABASE_URL to the restored database');
    if (!values.snapshot.trim()) throw new BackupError(USAGE);
    const marked = await markDatabaseRestored({
      url: databaseUrl,
      restoredAt: new Date(),
      source: `snapshot: ${values.snapshot.trim()}`,
    });
    process.stdout.write(
      [
        `marked the database of DATABASE_URL restored from snapshot ${values.snapshot.trim()}`,
        `  migrations run on it: ${marked.migrated.length === 0 ? 'none' : marked.migrated.join(', ')}`,
        `  sync versions ${marked.skipped.from}..${marked.skipped.to} skipped: devices that synced after the snapshot list their data again`,
        'start the servers again',
        '',
      ].join('\n'),
    );
  } else if (values.list) {
    const { copies } = readManifest(paths.backup.dir);
    if (copies.length === 0) process.stdout.write(`no backups recorded in ${paths.backup.dir}\n`);
    for (const c of copies) {
      process.stdout.write(
        `${paths.backup.dir}/${c.file}  ${c.taken_at}  ${(c.bytes / 1024 / 1024).toFixed(1)} MB\n`,
      );
    }
  } else {
    if (!values.from) throw new BackupError(USAGE);
    const databaseUrl = databaseSettings(process.env).url;
    const restored = await restoreBackup({
      from: values.from,
      engine: backupEngineFor({ databaseUrl, dbFile: paths.dbFile }),
      dataDir: paths.dataDir,
      uploadsDir: paths.uploadsDir,
      backupDir: paths.backup.dir,
      now: new Date(),
    });
    process.stdout.write(
      [
        `restored ${values.from} into ${databaseUrl ? `the database of DATABASE_URL` : paths.dbFile}`,
        `  copy taken at ${restored.takenAt ?? 'unknown (not in the manifest)'}; ${databaseUrl ? 'read through by pg_restore' : 'integrity_check ok'}`,
        `  the database that was there: ${restored.replacedTo ?? 'none'}`,
        `  migrations run on it: ${restored.migrated.length === 0 ? 'none' : restored.migrated.join(', ')}`,
        `  pictures put back: ${restored.pictures.added} of ${restored.pictures.files}; keys: ${restored.keys.join(', ') || 'unchanged'}`,
        `  devices that synced after the copy was taken list their data again at their next sync`,
        'start the server again (npm start, or systemctl start)',
        '',
      ].join('\n'),
    );
  }
} catch (err) {
  const what = err instanceof BackupError ? 'restore refused' : 'restore failed';
  process.stderr.write(`${what}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
