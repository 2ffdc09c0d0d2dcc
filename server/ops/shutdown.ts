import type { Logger } from 'pino';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Listening } from '../listen.ts';
import type { LiveHub } from '../sync/live/live-hub.ts';
import type { Lifecycle } from './lifecycle.ts';

/**
 * A graceful stop (SIGTERM, SIGINT): readiness turns to draining, the listener stops accepting,
 * requests in flight are answered and the running job ends (and records its run), then the
 * database closes. All of it within `timeoutMs`: past that, open connections are cut and the
 * database closes anyway. Resolves `clean` false when the bound was reached.
 */
export async function shutDown({
  signal,
  lifecycle,
  listening,
  scheduler,
  live = null,
  closeDatabase,
  timeoutMs,
  logger,
}: {
  signal: string;
  lifecycle: Lifecycle;
  listening: Listening | null;
  scheduler: Scheduler | null;
  /** Open live streams never end on their own: they are ended first, or the drain would wait on them. */
  live?: Pick<LiveHub, 'close'> | null;
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
  logger: Logger;
}): Promise<{ clean: boolean }> {
  lifecycle.drain();
  live?.close();
  logger.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight and the running job');
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const work = Promise.all([listening?.drain(), scheduler?.stop()]).then(() => 'done' as const);
  const outcome = await Promise.race([work, bound]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    logger.warn({ timeoutMs }, 'shutdown bound reached: cutting open connections');
    listening?.server.closeAllConnections();
  }
  await closeDatabase();
  logger.info({ clean: outcome === 'done' }, 'stopped');
  return { clean: outcome === 'done' };
}
