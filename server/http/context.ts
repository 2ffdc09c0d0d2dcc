import type { Logger } from 'pino';
import type { Adapters } from '../adapters/adapters.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/database.ts';
import type { Lifecycle } from '../ops/lifecycle.ts';
import type { LiveHub } from '../sync/live/live-hub.ts';
import type { Lang } from './messages.ts';

/** Everything a server feature needs, built once at start (or per test). */
export interface AppDeps {
  /** The database; repositories find the raw connection behind it where they need one. */
  db: Db;
  config: Config;
  logger: Logger;
  clock: Clock;
  adapters: Adapters;
  /** Starting, ready or draining (server/ops/lifecycle.ts); absent: always ready (tests). */
  lifecycle?: Lifecycle;
  /** The live pokes' streams (server/sync/live/); absent: no live stream is served. */
  live?: LiveHub;
}

/** What an operation handler sees for one request. */
export interface RequestContext extends AppDeps {
  requestId: string;
  deviceId: string | undefined;
  accessToken: string | undefined;
  ip: string;
  lang: Lang;
  userAgent: string;
  /** Aborts when the client gives up on the request (its connection closed): outside calls stop with it. */
  requestSignal: () => AbortSignal;
  /** The request body's declared length (0 without one), for the metrics. */
  requestBytes: number;
}

export interface AuthedContext extends RequestContext {
  auth: AuthInfo;
}

/**
 * What a service that changes data runs with: the transaction its caller opened (a route,
 * or the push of one offline operation), who asks and when. The caller owns the transaction,
 * so an RPC route and a pushed mutation call the same service function; the service hands
 * `tx` to the repository functions it calls.
 */
export interface TxContext {
  tx: Tx;
  auth: AuthInfo;
  now: Date;
}

/** Runs a service in one transaction opened for this request. */
export function inTransaction<T>(ctx: AuthedContext, run: (t: TxContext) => Promise<T>): Promise<T> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute((tx) => run({ tx, auth: ctx.auth, now }));
}
