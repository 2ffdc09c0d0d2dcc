import pino from 'pino';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { createAdapters } from '../adapters/adapters.ts';
import { consoleSmsSender } from '../adapters/sms/sms.ts';
import { createApp } from '../app.ts';
import { type Clock, systemClock } from '../clock.ts';
import { type Config, testConfig } from '../config.ts';
import type { AppDeps } from '../http/context.ts';
import type { Operation } from '../http/operation.ts';
import { answerProblem, responseSchemaOf } from '../http/responses.ts';
import { operations as allOperations } from '../operations.ts';
import { createLiveHub } from '../sync/live/live-hub.ts';
import { openTestDb, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** The test's database: SQLite in memory, or PostgreSQL when TEST_DATABASE=postgres (./test-database.ts). */
  handle: TestDatabase;
  /** Calls an API path with the envelope parsed. */
  call: <T = unknown>(
    path: string,
    args?: {
      body?: unknown;
      form?: FormData;
      token?: string;
      deviceId?: string;
      method?: 'GET' | 'POST';
      query?: Record<string, string>;
      raw?: string;
      headers?: Record<string, string>;
      /** The caller giving up: aborts the request (a closed connection). */
      signal?: AbortSignal;
    },
  ) => Promise<{ status: number; code: number; msg: string; data: T }>;
  /** Rows written on this connection since it opened: a test that expects nothing written compares it. */
  changes: () => number;
  /** Codes the local SMS sender was asked to send, oldest first. */
  smsSent: Array<{ to: string; code: string }>;
  close: () => Promise<void>;
}

/**
 * A fresh app on a fresh database that ran the real migrations: what every server test starts
 * from. The database is SQLite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE=postgres (the vitest project server-postgres). Adapters are the local
 * defaults unless a test passes its own. `dbFile` (SQLite only) puts the database in a file
 * instead (created and migrated if new), for tests that back it up, restore it or open it again.
 */
export async function createTestApp({
  clock = systemClock,
  config: configOverrides = {},
  adapters,
  operations,
  dbFile,
  database,
}: {
  clock?: Clock;
  config?: Partial<Config>;
  adapters?: Partial<AppDeps['adapters']>;
  operations?: Operation[];
  dbFile?: string;
  /** A database the test prepared (closed with the app) instead of a fresh one. */
  database?: TestDatabase;
} = {}): Promise<TestApp> {
  const handle = database ?? (await openTestDb(dbFile ? { file: dbFile } : {}));
  const config = testConfig(configOverrides);
  // TEST_LOG_LEVEL=error shows what a 500 hid (a port to PostgreSQL, say).
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const sms = consoleSmsSender({ logger });
  const deps: AppDeps = {
    db: handle.db,
    config,
    logger,
    clock,
    adapters: { ...createAdapters({ config, logger }), sms, ...adapters },
    live: createLiveHub({ db: handle.db, clock, logger }),
  };
  const app = createApp({ deps, ...(operations ? { operations } : {}) });
  const byRoute = new Map(
    (operations ?? allOperations).map((op) => [`${op.call.method.toUpperCase()} ${op.call.path}`, op]),
  );
  return {
    app,
    deps,
    handle,
    call: async (path, args = {}) => {
      const method = args.method ?? (args.query ? 'GET' : 'POST');
      const headers: Record<string, string> = {
        // A token works only from its own device: by default a call comes from the device the
        // token was issued to, as the app's calls do.
        [Headers.deviceId]: args.deviceId ?? (args.token ? deviceOf(args.token) : undefined) ?? 'test-device',
        ...args.headers,
      };
      if (args.token) headers[Headers.accessToken] = args.token;
      let body: string | FormData | undefined;
      if (args.form) {
        body = args.form;
      } else if (method === 'POST') {
        headers['content-type'] ??= 'application/json';
        body = args.raw ?? JSON.stringify(args.body ?? {});
      }
      const qs = args.query ? `?${new URLSearchParams(args.query)}` : '';
      const res = await app.request(`${API_BASE}${path}${qs}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(args.signal ? { signal: args.signal } : {}),
      });
      const json = (await res.json()) as { code: number; msg: string; data: never };
      checkAnswer({ op: byRoute.get(`${method} ${path}`), status: res.status, json });
      return { status: res.status, ...json };
    },
    changes: handle.changes,
    smsSent: sms.sent,
    close: () => {
      deps.live?.close();
      return handle.close();
    },
  };
}

/**
 * Every answer a test gets is checked against the contract: an error is the envelope {code, msg,
 * data} with a non-zero code, and a success's `data` is what the operation's response schema
 * (server/http/responses.ts, the OpenAPI document's) says, so a change of shape fails the test
 * that saw it. A test's own operations and routes are only checked as envelopes.
 */
function checkAnswer({
  op,
  status,
  json,
}: {
  op: Operation | undefined;
  status: number;
  json: { code: unknown; msg: unknown; data?: unknown };
}): void {
  if (typeof json.code !== 'number' || typeof json.msg !== 'string' || !('data' in json)) {
    throw new Error(
      `HTTP ${status} answered something other than the envelope: ${JSON.stringify(json).slice(0, 200)}`,
    );
  }
  // A test's own operations have no response schema (every listed one has: server/http/openapi.test.ts).
  if (!op || json.code !== 0 || !responseSchemaOf(op)) return;
  const problem = answerProblem({ op, data: json.data });
  if (problem)
    throw new Error(`${op.call.operationId} answered data its response schema refuses: ${problem}`);
}

/** Inserts a member straight into the database (approved agent unless told otherwise). */
export async function insertUser(
  t: TestApp,
  overrides: Partial<import('../users/users.tables.ts').NewUser> = {},
): Promise<number> {
  const phone = overrides.f_phone ?? `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const row = await t.deps.db
    .insertInto('users')
    .values({
      f_phone: phone,
      f_affiliation: '테스트 공인중개사',
      f_name: '테스트',
      f_business_card: null,
      f_push_off_start_time: null,
      f_push_off_end_time: null,
      f_usage_date: null,
      f_release_date: null,
      f_reject_time: null,
      f_last_access: null,
      f_withdrawn_time: null,
      f_withdrawn_phone: null,
      f_authority_by: null,
      f_reg_time: t.deps.clock.now().toISOString(),
      f_approval: 'A',
      ...overrides,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

const devicesOfTokens = new Map<string, string>();

/** The device a test token was issued to (insertSession, login); calls name it by default. */
export function deviceOf(token: string): string | undefined {
  return devicesOfTokens.get(token);
}

/** Opens a session for a member and returns its token, as login would. */
export async function insertSession(
  t: TestApp,
  {
    userIdx,
    deviceId = 'test-device',
    unlocked = false,
  }: { userIdx: number; deviceId?: string; unlocked?: boolean },
): Promise<string> {
  const { hashToken, newToken } = await import('../auth/session.ts');
  const token = newToken();
  const now = t.deps.clock.now();
  await t.deps.db
    .insertInto('sessions')
    .values({
      f_user_idx: userIdx,
      token_hash: hashToken(token),
      device_id: deviceId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 30 * 86400000).toISOString(),
      last_seen_at: now.toISOString(),
      admin_unlocked_until: unlocked ? new Date(now.getTime() + 3600000).toISOString() : null,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  devicesOfTokens.set(token, deviceId);
  return token;
}

/** The super admin with the admin lock open: passes every authorization check. */
export async function superAdminToken(t: TestApp): Promise<string> {
  const userIdx = await insertUser(t, {
    f_phone: t.deps.config.superAdminPhone,
    f_type: 'A',
    f_name: '최고관리자',
  });
  return insertSession(t, { userIdx, unlocked: true });
}

/** A small real JPEG carrying EXIF with a GPS position, as a phone camera writes it. */
export async function jpegWithGps(): Promise<Uint8Array<ArrayBuffer>> {
  const sharp = (await import('sharp')).default;
  const buf = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#f0f0f0' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'card' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 0/1',
      },
    })
    .toBuffer();
  return Uint8Array.from(buf);
}

/** Requests a code for a phone and returns it as the local SMS sender saw it. */
export async function requestCode(t: TestApp, phone: string, isLogin: 'Y' | 'N' = 'Y'): Promise<string> {
  const res = await t.call('/auth/authPhone', { body: { phone_number: phone, is_login: isLogin } });
  if (res.code !== 0) throw new Error(`authPhone failed: ${res.msg}`);
  const sent = t.smsSent.filter((s) => s.to === phone).at(-1);
  if (!sent) throw new Error('no SMS sent');
  return sent.code;
}

/** Signs in through the real endpoints and returns the access token. */
export async function login(t: TestApp, phone: string, deviceId = 'device-aaaaaaaa'): Promise<string> {
  const code = await requestCode(t, phone);
  const res = await t.call<{ access_token: string }>('/auth/login', {
    body: { phone_number: phone, code, device_id: deviceId },
  });
  if (res.code !== 0) throw new Error(`login failed: ${res.msg}`);
  devicesOfTokens.set(res.data.access_token, deviceId);
  return res.data.access_token;
}
