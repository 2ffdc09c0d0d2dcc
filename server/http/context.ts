import type { Logger } from 'pino';
import type { Adapters } from '../adapters/adapters.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { Lang } from './messages.ts';

/** Everything a server feature needs, built once at start (or per test). */
export interface AppDeps {
  db: Db;
  sqlite: DatabaseHandle['sqlite'];
  config: Config;
  logger: Logger;
  clock: Clock;
  adapters: Adapters;
}

/** What an operation handler sees for one request. */
export interface RequestContext extends AppDeps {
  requestId: string;
  deviceId: string | undefined;
  accessToken: string | undefined;
  ip: string;
  lang: Lang;
  userAgent: string;
}

export interface AuthedContext extends RequestContext {
  auth: AuthInfo;
}
