// Public-data look-ups: expired cached answers.

// Notifications: automatic sends.
import { autoNotifyJob } from '../notify/auto.job.ts';
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
