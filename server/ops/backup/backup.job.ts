import type { Config } from '../../config.ts';
import { defineJob, type Job } from '../../jobs/job.ts';
import { takeBackup } from './backup.ts';
import { backupEngineFor } from './engines.ts';

export const BACKUP_JOB = 'backup';

/**
 * The scheduled backup: every BACKUP_EVERY_MINUTES (on the hour by default), a checked copy of
 * the database (SQLite's file, or PostgreSQL's dump when DATABASE_URL names one), the new pictures
 * and the keys, then retention. A failed run is logged and
 * counted (bunyang_backup_failures_total) and tried again at the next due time.
 */
export function backupJob(
  config: Pick<Config, 'backup' | 'dbFile' | 'dataDir' | 'uploadsDir'> & { databaseUrl?: string | null },
): Job<unknown> {
  return defineJob<unknown>({
    name: BACKUP_JOB,
    cadence: { everySeconds: config.backup.everyMinutes * 60 },
    run: async ({ now }) => {
      const taken = await takeBackup({
        engine: backupEngineFor({ databaseUrl: config.databaseUrl ?? null, dbFile: config.dbFile }),
        sources: { dataDir: config.dataDir, uploadsDir: config.uploadsDir },
        settings: config.backup,
        now,
      });
      return {
        file: taken.copy.file,
        bytes: taken.copy.bytes,
        pictures_added: taken.copy.pictures.added,
        removed: taken.removed.length,
      };
    },
  });
}
