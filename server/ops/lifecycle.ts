import type { MiddlewareHandler } from 'hono';
import { API_BASE, ResultCode } from '../../sync/codes.ts';
import { pickLang, renderMessage } from '../http/messages.ts';
import { metrics } from './metrics.ts';
import { opsMessages } from './ops.messages.ts';

/**
 * Where the server process is in its life: `starting` while it listens but migrations and the
 * demo data are still being prepared, `ready` while it takes requests, `draining` after SIGTERM
 * while in-flight requests and the running job finish. Readiness (`/api/v1/health/ready`)
 * answers 200 only when ready, so a load balancer sends nothing to a starting or draining process.
 */
export type LifeState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  state: () => LifeState;
  ready: () => void;
  drain: () => void;
}

export function createLifecycle(initial: LifeState = 'starting'): Lifecycle {
  let state = initial;
  metrics.ready(state === 'ready');
  return {
    state: () => state,
    ready: () => {
      if (state !== 'starting') return;
      state = 'ready';
      metrics.ready(true);
    },
    drain: () => {
      state = 'draining';
      metrics.ready(false);
    },
  };
}

/** Answered in every state: they say which one it is. */
const alwaysAnswered = new Set([`${API_BASE}/health`, `${API_BASE}/health/ready`, '/metrics']);

/** How long a client is asked to wait before trying again (a restart takes a few seconds). */
const RETRY_AFTER_SECONDS = '5';

/**
 * Requests that arrive while the server is not ready are answered 503 at once, before any
 * route: a starting server's database may still be migrating, a draining one is about to close
 * it. The API gets its envelope (code -1, `data.reason` the state); a draining answer closes its
 * connection so the client's next request goes to a server that is up.
 */
export function lifecycleGate(lifecycle: Lifecycle): MiddlewareHandler {
  return async (c, next) => {
    const state = lifecycle.state();
    if (state === 'ready' || alwaysAnswered.has(c.req.path)) return next();
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    c.header('Cache-Control', 'no-store');
    if (state === 'draining') c.header('Connection', 'close');
    const message = opsMessages.restarting;
    const lang = pickLang(c.req.header('accept-language'));
    if (c.req.path.startsWith(`${API_BASE}/`)) {
      return c.json(
        { code: ResultCode.apiError, msg: renderMessage({ message, lang }), data: { reason: state } },
        503,
      );
    }
    return c.text(renderMessage({ message, lang }), 503);
  };
}
