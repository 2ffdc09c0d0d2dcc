// Public-data look-ups: expired cached answers.

// Notifications: automatic sends.
import type { Config } from '../config.ts';
import { autoNotifyJob } from '../notify/auto.job.ts';
// Backups of the database and the pictures.
import { backupJob } from '../ops/backup/backup.job.ts';
import { publicDataCachePruneJob } from '../public-data/cache-prune.job.ts';
// Web Push: the delivery queue.
import { pushDeliveryJob } from '../push/push.job.ts';
import { expiryJob } from './expiry.job.ts';
import type { Job } from './job.ts';

/**
 * Every timed job of the server, in one list: started by server/main.ts with
 * `startScheduler({ deps, jobs })`. Each is defined once, beside its work (`*.job.ts`).
 */
export const jobs: Job[] = [
  expiryJob,
  // Public-data look-ups: expired cached answers.
  publicDataCachePruneJob,
  // Web Push: the delivery queue.
  pushDeliveryJob,
  // Notifications: automatic sends.
  autoNotifyJob,
];

/**
 * The jobs a server with this configuration runs: every job above, and the backup unless
 * BACKUP_EVERY_MINUTES=0 (its cadence is the configuration's).
 */
export function jobsOf(
  config: Pick<Config, 'backup' | 'dbFile' | 'dataDir' | 'uploadsDir'> & { databaseUrl?: string | null },
): Job[] {
  return config.backup.everyMinutes > 0 ? [...jobs, backupJob(config)] : jobs;
}
