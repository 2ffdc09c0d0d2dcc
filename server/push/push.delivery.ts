import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { PushSender } from '../adapters/push/push.ts';
import type { Db } from '../db/database.ts';
import { metrics } from '../ops/metrics.ts';
import { pushPayload } from './push.payload.ts';
import { type DeliveryResult, type DueDelivery, dueDeliveries, recordDeliveries } from './push.repository.ts';
import { quietUntil } from './quiet-hours.ts';

/**
 * How the queue is worked: a batch of due deliveries at a time, a bounded number in flight,
 * and the event loop handed back to requests between batches, so a push to every member never
 * holds up the API (bench/push.bench.ts measures both).
 */
export const Delivery = {
  batch: 200,
  concurrency: 16,
  /** How long a push service keeps a message for an unreachable device. */
  ttlSeconds: 24 * 60 * 60,
  /** Tries before a delivery that keeps failing is given up. */
  maxAttempts: 6,
  /** Back-off after the n-th failed try: 30 s, 1, 2, 4, 8 minutes... at most an hour. */
  backoffMs: (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60 * 1000),
  /** One run stops taking new batches after this long; the next run goes on. */
  runMs: 4 * 60 * 1000,
} as const;

export interface DeliveryRun {
  sent: number;
  /** Subscriptions removed because their push service answered 404 or 410. */
  gone: number;
  retrying: number;
  failed: number;
  /** Not sent: the member turned push off after it was queued. */
  skipped: number;
  /** Moved to the end of the member's quiet hours. */
  quiet: number;
}

async function deliverOne({
  row,
  sender,
  now,
}: {
  row: DueDelivery;
  sender: PushSender;
  now: Date;
}): Promise<DeliveryResult> {
  const attempts = row.f_attempts + 1;
  if (row.f_push !== 'Y') return { idx: row.f_idx, kind: 'skipped', status: null, attempts: row.f_attempts };
  const quiet = quietUntil({ start: row.f_push_off_start_time, end: row.f_push_off_end_time, now });
  if (quiet) return { idx: row.f_idx, kind: 'later', status: null, attempts: row.f_attempts, due: quiet };
  const payload = pushPayload({
    message: { type: row.f_type, idx: row.f_target_idx, title: row.f_title, body: row.f_body },
    vibration: row.f_push_vibration,
    sound: row.f_push_sound,
  });
  const { status } = await sender.send({
    to: { endpoint: row.f_endpoint, p256dh: row.f_p256dh, auth: row.f_auth },
    payload,
    ttlSeconds: Delivery.ttlSeconds,
  });
  if (status >= 200 && status < 300) return { idx: row.f_idx, kind: 'sent', status, attempts };
  if (status === 404 || status === 410)
    return { idx: row.f_idx, kind: 'gone', subscriptionIdx: row.f_subscription_idx, status };
  // Unreachable, throttled or failing on its side: it may work later. Any other refusal (a bad
  // request, a payload too large, keys refused) would be refused again.
  const transient = status === 0 || status === 408 || status === 429 || status >= 500;
  if (transient && attempts < Delivery.maxAttempts) {
    return {
      idx: row.f_idx,
      kind: 'later',
      status,
      attempts,
      due: new Date(now.getTime() + Delivery.backoffMs(attempts)),
    };
  }
  return { idx: row.f_idx, kind: 'failed', status, attempts };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pooled<T, R>({
  items,
  limit,
  work,
}: {
  items: readonly T[];
  limit: number;
  work: (item: T) => Promise<R>;
}): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      // Each message's encryption waits for the I/O already due (requests among it), so the
      // answers of many push services arriving together never run back to back.
      await yieldToRequests();
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Which count of the run a delivery's result goes to. */
function outcomeOf(r: DeliveryResult): keyof DeliveryRun {
  if (r.kind === 'sent' || r.kind === 'gone' || r.kind === 'failed' || r.kind === 'skipped') return r.kind;
  return r.status === null ? 'quiet' : 'retrying';
}

/**
 * Sends every delivery due at `now`, batch by batch, and records how each went. Outside any
 * request: the push job runs it (server/push/push.job.ts). `clock` gives the time a run has
 * taken (the run stops after Delivery.runMs; what is left is due at the next run).
 */
export async function deliverDuePushes({
  db,
  sender,
  now,
  elapsedMs = () => 0,
}: {
  db: Db;
  sender: PushSender;
  now: Date;
  elapsedMs?: () => number;
}): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, gone: 0, retrying: 0, failed: 0, skipped: 0, quiet: 0 };
  for (;;) {
    const rows = await dueDeliveries({ db, now, limit: Delivery.batch });
    if (rows.length === 0) break;
    const results = await pooled({
      items: rows,
      limit: Delivery.concurrency,
      work: (row) => deliverOne({ row, sender, now }),
    });
    await recordDeliveries({ db, results, now });
    for (const r of results) {
      const outcome = outcomeOf(r);
      run[outcome]++;
      metrics.pushDelivery({ outcome, status: r.status ?? null });
    }
    if (rows.length < Delivery.batch || elapsedMs() > Delivery.runMs) break;
    await yieldToRequests();
  }
  return run;
}
