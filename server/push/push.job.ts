import { performance } from 'node:perf_hooks';
import { DAY_MS } from '../clock.ts';
import { defineJob } from '../jobs/job.ts';
import { type DeliveryRun, deliverDuePushes } from './push.delivery.ts';
import { PUSH_DELIVERY_JOB } from './push.queue.ts';
import { pruneDeliveries } from './push.repository.ts';

/** Finished deliveries are kept this long (what was sent to whom, for support). */
const KEEP_DAYS = 30;

/**
 * Push delivery (design.md: queued work, never inside a request): every few seconds the queue
 * filled by queuePush is sent. The queue is its own record, so a failed or interrupted run loses
 * nothing: what was not recorded as sent is still due.
 */
export const pushDeliveryJob = defineJob({
  name: PUSH_DELIVERY_JOB,
  cadence: { everySeconds: 5 },
  run: async ({ db, adapters, now }): Promise<DeliveryRun & { pruned: number }> => {
    const started = performance.now();
    const run = await deliverDuePushes({
      db,
      sender: adapters.push,
      now,
      elapsedMs: () => performance.now() - started,
    });
    const pruned = await pruneDeliveries({ db, before: new Date(now.getTime() - KEEP_DAYS * DAY_MS) });
    return { ...run, pruned };
  },
});
