import { postgresBackupEngine } from '../../db/postgres-backup.ts';
import { sqliteBackupEngine } from '../../db/sqlite-backup.ts';
import type { BackupEngine } from './engine.ts';

/** The engine of the configured database: PostgreSQL's when DATABASE_URL names one, else the SQLite file's. */
export function backupEngineFor({
  databaseUrl,
  dbFile,
}: {
  databaseUrl: string | null;
  dbFile: string;
}): BackupEngine {
  return databaseUrl ? postgresBackupEngine({ url: databaseUrl }) : sqliteBackupEngine({ dbFile });
}
