import type { Logger } from 'pino';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Listening } from '../listen.ts';
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
  closeDatabase,
  timeoutMs,
  logger,
}: {
  signal: string;
  lifecycle: Lifecycle;
  listening: Listening | null;
  scheduler: Scheduler | null;
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
  logger: Logger;
}): Promise<{ clean: boolean }> {
  lifecycle.drain();
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
