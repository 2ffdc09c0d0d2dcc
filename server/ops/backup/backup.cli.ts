// npm run db:backup: one checked backup now, beside a running server or a stopped one.
import fs from 'node:fs';
import { dataPaths, readEnv } from '../../config.ts';
import { databaseSettings } from '../../db/open.ts';
import { takeBackup } from './backup.ts';
import { BackupError } from './engine.ts';
import { backupEngineFor } from './engines.ts';

try {
  const paths = dataPaths(readEnv(process.env).e);
  const databaseUrl = databaseSettings(process.env).url;
  if (!databaseUrl && !fs.existsSync(paths.dbFile)) {
    throw new BackupError(`no database at ${paths.dbFile} (DATA_DIR)`);
  }
  const taken = await takeBackup({
    engine: backupEngineFor({ databaseUrl, dbFile: paths.dbFile }),
    sources: { dataDir: paths.dataDir, uploadsDir: paths.uploadsDir },
    settings: paths.backup,
    now: new Date(),
  });
  const { copy } = taken;
  process.stdout.write(
    [
      `backup written: ${taken.path}`,
      `  taken at ${copy.taken_at}, ${(copy.bytes / 1024 / 1024).toFixed(1)} MB, ${copy.engine === 'postgres' ? 'read through by pg_restore' : 'integrity_check ok'}, sha256 ${copy.sha256.slice(0, 16)}…`,
      `  pictures: ${copy.pictures.added} new of ${copy.pictures.files}`,
      `  removed by retention: ${taken.removed.length === 0 ? 'none' : taken.removed.join(', ')}`,
      `restore it with: npm run db:restore -- --from ${taken.path}`,
      '',
    ].join('\n'),
  );
} catch (err) {
  process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
