import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { API_BASE, Headers } from '../../../sync/codes.ts';
import { LIVE_EVENTS_PATH, LiveEvents } from '../../../sync/live.ts';
import { resolveSession } from '../../auth/session.ts';
import type { AppDeps } from '../../http/context.ts';
import type { LiveHub } from './live-hub.ts';

/** A comment line this often keeps proxies and phones' carriers from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * `GET /api/v1/sync/events`: the device's live stream (Server-Sent Events). It carries no data,
 * only `ready` once the stream is watched, `poke` when something in the member's scope changed
 * (the device pulls), and `ended` when the session ended (the device's next call says why). It
 * authenticates like every call (device id and token headers; the app reads it with fetch, which
 * sends them, not EventSource, which cannot); a refusal is the usual envelope. Compression leaves
 * `text/event-stream` alone (server/http/compression.ts).
 */
export function mountLiveEvents({ app, deps, hub }: { app: Hono; deps: AppDeps; hub: LiveHub }): void {
  app.get(`${API_BASE}${LIVE_EVENTS_PATH}`, async (c) => {
    c.set('operationId', 'syncEvents');
    const auth = await resolveSession({
      db: deps.db,
      clock: deps.clock,
      token: c.req.header(Headers.accessToken),
      deviceId: c.req.header(Headers.deviceId),
      superAdminPhone: deps.config.superAdminPhone,
    });
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let poked = false;
      const disconnect = hub.connect({
        userIdx: auth.user.f_idx,
        sessionIdx: auth.session.f_idx,
        poke: () => {
          // Pokes of one look come as one event; a device pulls everything anyway.
          if (poked || stream.closed) return;
          poked = true;
          queueMicrotask(() => {
            poked = false;
            void stream.writeSSE({ event: LiveEvents.poke, data: '' }).catch(finish);
          });
        },
        end: () => {
          void stream
            .writeSSE({ event: LiveEvents.ended, data: '' })
            .catch(() => {})
            .finally(finish);
        },
        close: finish,
      });
      stream.onAbort(finish);
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(finish), KEEP_ALIVE_MS);
      keepAlive.unref();
      try {
        // Watched from here on: whatever commits next is poked. The device pulls on `ready` for
        // what may have changed while it had no stream.
        await hub.look();
        await stream.writeSSE({ event: LiveEvents.ready, data: '', retry: 3000 });
        await finished;
      } finally {
        clearInterval(keepAlive);
        disconnect();
      }
    });
  });
}
