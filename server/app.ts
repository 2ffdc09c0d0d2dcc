import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { API_BASE } from '../sync/codes.ts';
import { compressAnswers } from './http/compression.ts';
import type { AppDeps } from './http/context.ts';
import { AppError } from './http/errors.ts';
import { coreMessages, pickLang, renderMessage } from './http/messages.ts';
import { buildOpenApi } from './http/openapi.ts';
import { mountOperations, type Operation } from './http/operation.ts';
import { mountStatic } from './http/static.ts';
import { operations as allOperations } from './operations.ts';
import { lifecycleGate } from './ops/lifecycle.ts';
import { mountMetrics } from './ops/metrics.routes.ts';
import { metrics } from './ops/metrics.ts';
import { mountSharePages } from './shares/share-page.ts';
import { mountLiveEvents } from './sync/live/events.routes.ts';
import { APP_VERSION } from './version.ts';

export function createApp({
  deps,
  operations = allOperations,
  serveClient = false,
}: {
  deps: AppDeps;
  operations?: Operation[];
  /** Serve the built PWA from dist/ (the production process does; API tests do not). */
  serveClient?: boolean;
}): Hono {
  const app = new Hono();
  const { logger } = deps;
  const paymentCsp = deps.adapters.payment.csp;

  app.use('*', requestId());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paymentCsp.scriptSrc],
        frameSrc: ["'self'", ...paymentCsp.frameSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      // Geolocation is used by the map (spec §2); camera for business card photos.
      permissionsPolicy: { geolocation: ['self'], camera: ['self'] },
    }),
  );
  // Starting or draining: 503 before any route (health, readiness and metrics still answer).
  if (deps.lifecycle) app.use('*', lifecycleGate(deps.lifecycle));
  mountMetrics({ app, token: deps.config.metricsToken });
  app.use(`${API_BASE}/*`, async (c, next) => {
    const started = performance.now();
    // Set before the handler: a header added to a finished response makes the Node adapter
    // rebuild it as a streamed web Response, which costs more than the search it carries.
    c.header('Cache-Control', 'no-store');
    await next();
    const ms = performance.now() - started;
    const err = c.error;
    metrics.request({
      operation: c.get('operationId') ?? 'unmatched',
      code: err ? (err instanceof AppError ? err.code : -1) : c.res.status < 400 ? 0 : -1,
      seconds: ms / 1000,
    });
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
  });

  // Inside the logging above: the log's time includes the compression.
  app.use(`${API_BASE}/*`, compressAnswers());

  mountOperations({ app, deps, operations });
  if (deps.live) mountLiveEvents({ app, deps, hub: deps.live });

  const openApi = buildOpenApi({ operations, version: APP_VERSION });
  app.get(`${API_BASE}/openapi.json`, (c) => c.json(openApi));

  app.all(`${API_BASE}/*`, (c) =>
    c.json(
      {
        code: -1,
        msg: renderMessage({
          message: coreMessages.routeNotFound,
          lang: pickLang(c.req.header('accept-language')),
        }),
        data: null,
      },
      404,
    ),
  );

  // The test checkout (no payment provider configured) is a page of this server; before the client's fallback.
  deps.adapters.payment.mountPages?.(app);
  // /pay/ holds the server's own payment pages only (the service worker never serves the shell there
  // either): with a real provider, as in production, nothing is there, and the app's page must not answer.
  app.all('/pay/*', (c) => c.notFound());

  // A site shared with a customer: its public page, rendered here (before the client's fallback).
  mountSharePages({ app, deps });

  if (serveClient) mountStatic({ app, deps });

  app.onError((err, c) => {
    const lang = pickLang(c.req.header('accept-language'));
    if (err instanceof AppError) {
      return c.json(
        {
          code: err.code,
          msg: renderMessage({ message: err.msg, lang, params: err.params }),
          data: err.data,
        },
        err.status,
      );
    }
    const reqId = c.get('requestId');
    metrics.busy(err);
    logger.error({ reqId, err, method: c.req.method, path: c.req.path }, 'unexpected error');
    return c.json(
      {
        code: -1,
        msg: renderMessage({ message: coreMessages.unexpected, lang }),
        data: { request_id: reqId },
      },
      500,
    );
  });

  return app;
}
