import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { readOrCreateVapidKeys, type VapidKeys } from './push/push.vapid.ts';

const SALT = 'bunyang-admin-lock';

export function hashPassword(password: string): string {
  return scryptSync(password, SALT, 32).toString('hex');
}

export function passwordMatches({ password, hash }: { password: string; hash: string }): boolean {
  const given = Buffer.from(hashPassword(password), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Opens the admin lock in development only; production refuses to start with it. */
const DEMO_LOCK_PASSWORD = 'admin1234';

/** A whole number read from the environment, at least `min`. */
const whole = (min: number) => v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(min));

/**
 * Every environment variable the server reads, with its default. The README's
 * configuration table lists the same names; keep them in step.
 */
const envSchema = v.object({
  /** `production` refuses the development stand-ins (see `standIns`); empty: follows NODE_ENV. */
  APP_MODE: v.optional(v.picklist(['', 'development', 'production']), ''),
  NODE_ENV: v.optional(v.string(), ''),
  PORT: v.optional(whole(0), '8080'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './data'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Fill an empty database with demo data on start; unset: yes in development, no in production. */
  SEED_DEMO: v.optional(v.picklist(['true', 'false'])),
  /** With the demo data, a home title and two home ads linking demo sites; unset: as SEED_DEMO. */
  SEED_DEMO_HOME: v.optional(v.picklist(['true', 'false'])),
  /** The super admin (spec §6) is whoever signs in with this phone number. */
  SUPER_ADMIN_PHONE: v.optional(v.pipe(v.string(), v.regex(/^\d{10,11}$/)), '01000000000'),
  /** Password that opens the admin lock; only its hash is kept in memory. Unset: the demo one, in development only. */
  ADMIN_LOCK_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(4))),
  /** Key for hashing phone codes; when empty one is generated once and kept in DATA_DIR/app-secret. */
  APP_SECRET: v.optional(v.string(), ''),
  SESSION_TTL_DAYS: v.optional(whole(1), '30'),
  /** Bank account shown in the copy-account popup (spec §2 More). */
  BANK_ACCOUNT: v.optional(v.string(), '신한은행 110-000-000000 (주)분양톡'),
  PUBLIC_URL: v.optional(v.string(), 'http://localhost:8080'),
  /** SMS gateway: empty writes codes to the log; `nhn` uses NHN Cloud SMS with the keys below. */
  SMS_PROVIDER: v.optional(v.picklist(['', 'nhn']), ''),
  /**
   * NHN Cloud SMS API v3.0's domain as its API guide gives it now (docs.nhncloud.com, Notification >
   * SMS > API guide: https://sms.api.nhncloudservice.com); the former api-sms.cloud.toast.com can
   * still be set here.
   */
  SMS_BASE_URL: v.optional(v.string(), 'https://sms.api.nhncloudservice.com'),
  SMS_APP_KEY: v.optional(v.string(), ''),
  SMS_SECRET_KEY: v.optional(v.string(), ''),
  SMS_SENDER: v.optional(v.string(), ''),
  /**
   * Codes sent in any hour, beyond five per phone (SMS pumping): per client address (an office
   * of agents shares one behind its router, so it is generous), per device id, and in all.
   */
  SMS_HOURLY_PER_ADDRESS: v.optional(whole(1), '50'),
  SMS_HOURLY_PER_DEVICE: v.optional(whole(1), '10'),
  SMS_HOURLY_TOTAL: v.optional(whole(1), '500'),
  /** Codes to one phone number in any hour (spec: five, then wait an hour). */
  SMS_HOURLY_PER_PHONE: v.optional(whole(1), '5'),
  /** Proxies in front that append to X-Forwarded-For; 0: the socket's address is the client's. */
  TRUST_PROXY: v.optional(v.pipe(whole(0), v.maxValue(5)), '0'),
  /** Address search: Kakao Local when KAKAO_REST_KEY is set, else juso when JUSO_KEY is set, else the bundled table. */
  KAKAO_REST_KEY: v.optional(v.string(), ''),
  KAKAO_API_URL: v.optional(v.string(), 'https://dapi.kakao.com'),
  JUSO_KEY: v.optional(v.string(), ''),
  JUSO_API_URL: v.optional(v.string(), 'https://business.juso.go.kr'),
  /** Card payments: empty serves the built-in test checkout; `portone` uses PortOne (iamport) v1. */
  PAYMENT_PROVIDER: v.optional(v.picklist(['', 'portone']), ''),
  PORTONE_API_URL: v.optional(v.string(), 'https://api.iamport.kr'),
  PORTONE_IMP_KEY: v.optional(v.string(), ''),
  PORTONE_IMP_SECRET: v.optional(v.string(), ''),
  /** Merchant code for IMP.init in the browser (imp12345678). */
  PORTONE_IMP_CODE: v.optional(v.string(), ''),
  /** Channel key of the card PG for IMP.request_pay. */
  PORTONE_CHANNEL_KEY: v.optional(v.string(), ''),
  /** VWorld WMTS key for the map's base tiles; empty: OpenStreetMap tiles. */
  VWORLD_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** Public-data look-ups: the building register with a data.go.kr key, VWorld NED prices with theirs; else the bundled sample. */
  DATA_GO_KR_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  BLDRGST_API_URL: v.optional(v.string(), 'https://apis.data.go.kr/1613000/BldRgstHubService'),
  VWORLD_NED_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** The domain the VWorld key was issued for (sent with every NED call). */
  VWORLD_NED_DOMAIN: v.optional(v.string(), ''),
  VWORLD_NED_URL: v.optional(v.string(), 'https://api.vworld.kr/ned/data'),
  /**
   * A look-up's budget: it answers within this long (under 10 s, spec §4) with the pages that
   * arrived, marked partial when some did not.
   */
  PUBLIC_DATA_TIMEOUT_MS: v.optional(v.pipe(whole(100), v.maxValue(9000)), '8000'),
  /** One page of a provider's list gives up after this long (the rest of the budget goes on). */
  PUBLIC_DATA_PAGE_TIMEOUT_MS: v.optional(v.pipe(whole(50), v.maxValue(9000)), '4000'),
  /** Look-ups a member may start in one minute (cached answers included). */
  PUBLIC_DATA_PER_MINUTE: v.optional(whole(1), '30'),
  /** Days a fetched answer is served from the cache (the data is published yearly). */
  PUBLIC_DATA_CACHE_DAYS: v.optional(whole(0), '30'),
  /** Map search results kept for repeat searches (emptied on any write); 0 turns the cache off. */
  MAP_CACHE_ENTRIES: v.optional(whole(0), '2000'),
  /** Uploaded pictures above this many pixels are refused from their header, before decoding. */
  IMAGE_MAX_PIXELS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1_000_000), v.maxValue(268_000_000)),
    '40000000',
  ),
  /** Web Push VAPID keys (base64url); both or neither: unset, a pair is generated once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** Who push services may contact about this server's pushes (mailto: or https: URL). */
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)/)), 'mailto:push@localhost'),
  /** Where backups go (server/ops/backup.ts); empty: beside DATA_DIR, `<DATA_DIR>-backups`. */
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** Minutes between scheduled backups; 0 turns them off. */
  BACKUP_EVERY_MINUTES: v.optional(v.pipe(whole(0), v.maxValue(7 * 24 * 60)), '60'),
  /** The newest copies kept, whatever their day. */
  BACKUP_KEEP_HOURLY: v.optional(v.pipe(whole(1), v.maxValue(10_000)), '24'),
  /** Besides those, the last copy of each of this many most recent (Seoul) days. */
  BACKUP_KEEP_DAILY: v.optional(v.pipe(whole(0), v.maxValue(10_000)), '14'),
  /** /metrics answers only `Authorization: Bearer <this>` when set; only loopback when empty. */
  METRICS_TOKEN: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.minLength(16, 'at least 16 characters'))]),
    '',
  ),
  /** Read and checked by server/db/open.ts; here only to tell what several instances must share. */
  DATABASE_URL: v.optional(v.string(), ''),
  /** On SIGTERM, how long in-flight requests and the running job get before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: v.optional(v.pipe(whole(100), v.maxValue(600_000)), '15000'),
});

export type Env = v.InferOutput<typeof envSchema>;

export interface StandIn {
  variable: string;
  /** What the server does with the variable as it is. */
  now: string;
  /** What to set instead. */
  set: string;
}

/**
 * What development runs on in place of the real thing, each a way to get something for nothing
 * on a server open to the world: production refuses to start with any of them, naming the
 * variable to set; development names them in one warning line at start.
 */
export function standIns(e: Env): StandIn[] {
  const found: StandIn[] = [];
  if (!e.PAYMENT_PROVIDER) {
    found.push({
      variable: 'PAYMENT_PROVIDER',
      now: 'empty: the test checkout approves any order',
      set: 'PAYMENT_PROVIDER=portone',
    });
  }
  if (!e.SMS_PROVIDER) {
    found.push({
      variable: 'SMS_PROVIDER',
      now: 'empty: phone codes only go to the server log',
      set: 'SMS_PROVIDER=nhn',
    });
  }
  if (e.ADMIN_LOCK_PASSWORD === undefined || e.ADMIN_LOCK_PASSWORD === DEMO_LOCK_PASSWORD) {
    found.push({
      variable: 'ADMIN_LOCK_PASSWORD',
      now: `unset or ${DEMO_LOCK_PASSWORD}: the demo password opens the admin lock`,
      set: 'ADMIN_LOCK_PASSWORD to a password of your own',
    });
  }
  // Several instances on one PostgreSQL database must agree on these; each would otherwise make
  // its own in its data folder (a code sent through one refused by another, pushes signed with a
  // key the devices did not subscribe with).
  if (e.DATABASE_URL && !e.APP_SECRET) {
    found.push({
      variable: 'APP_SECRET',
      now: 'unset with DATABASE_URL: each server instance keeps its own in its data folder',
      set: 'APP_SECRET, the same on every instance',
    });
  }
  if (e.DATABASE_URL && !e.VAPID_PUBLIC_KEY) {
    found.push({
      variable: 'VAPID_PUBLIC_KEY',
      now: 'unset with DATABASE_URL: each server instance makes its own push keys in its data folder',
      set: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, the same on every instance',
    });
  }
  return found;
}

function requireWith({ e, keys, setting }: { e: Env; keys: ReadonlyArray<keyof Env>; setting: string }) {
  for (const key of keys) {
    if (!e[key]) throw new Error(`Invalid environment variable ${key}: required with ${setting}`);
  }
}

/** Scheduled backups of the database and the uploaded pictures (server/ops/backup.ts). */
export interface BackupSettings {
  dir: string;
  /** 0: no scheduled backups (npm run db:backup still works). */
  everyMinutes: number;
  keepHourly: number;
  keepDaily: number;
}

/** Where the server keeps its files: read from the environment alone, nothing created. */
export interface DataPaths {
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  backup: BackupSettings;
}

export function dataPaths(
  e: Pick<
    Env,
    'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY_MINUTES' | 'BACKUP_KEEP_HOURLY' | 'BACKUP_KEEP_DAILY'
  >,
): DataPaths {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dataDir,
    dbFile: path.join(dataDir, 'app.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    backup: {
      // Beside the data folder, not in it: whatever removes the data folder leaves the backups.
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : `${dataDir}-backups`,
      everyMinutes: e.BACKUP_EVERY_MINUTES,
      keepHourly: e.BACKUP_KEEP_HOURLY,
      keepDaily: e.BACKUP_KEEP_DAILY,
    },
  };
}

/**
 * The environment checked and read, without touching the disk: the mode, the stand-ins in use
 * and the production refusal (null when it may start). `loadConfig` and `npm run doctor` share it.
 */
export function readEnv(env: Record<string, string | undefined>): {
  e: Env;
  mode: 'development' | 'production';
  standIns: StandIn[];
  refusal: string | null;
} {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const key = issue?.path?.map((p) => String(p.key)).join('.') ?? '?';
    throw new Error(`Invalid environment variable ${key}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.output;
  if (e.PAYMENT_PROVIDER === 'portone') {
    requireWith({
      e,
      keys: ['PORTONE_IMP_KEY', 'PORTONE_IMP_SECRET', 'PORTONE_IMP_CODE'],
      setting: 'PAYMENT_PROVIDER=portone',
    });
  }
  if (e.SMS_PROVIDER === 'nhn') {
    requireWith({ e, keys: ['SMS_APP_KEY', 'SMS_SECRET_KEY', 'SMS_SENDER'], setting: 'SMS_PROVIDER=nhn' });
  }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    requireWith({ e, keys: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], setting: 'a VAPID key' });
  }
  const mode = e.APP_MODE || (e.NODE_ENV === 'production' ? 'production' : 'development');
  const found = standIns(e);
  let refusal: string | null = null;
  if (mode === 'production' && found.length > 0) {
    const chosenBy = e.APP_MODE ? `APP_MODE=${e.APP_MODE}` : 'NODE_ENV=production';
    refusal = `Refusing to start in production mode (${chosenBy}). Set ${found.map((s) => `${s.set} (now ${s.now})`).join('; ')}.`;
  }
  return { e, mode, standIns: found, refusal };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  logLevel: string;
  seedDemo: boolean;
  /** The demo home title and ads with the demo data (the home's ad popup). */
  seedDemoHome: boolean;
  superAdminPhone: string;
  /** scrypt hash of ADMIN_LOCK_PASSWORD (the password itself is not kept). */
  adminLockHash: string;
  appSecret: string;
  sessionTtlDays: number;
  bankAccount: string;
  publicUrl: string;
  /** `production` refused to start with any development stand-in (APP_MODE, else NODE_ENV). */
  mode: 'development' | 'production';
  /** The stand-ins development runs on, one phrase each, for the start-up warning; empty in production. */
  developmentStandIns: string[];
  sms: { provider: '' | 'nhn'; baseUrl: string; appKey: string; secretKey: string; sender: string };
  /** Codes sent in any hour per client address, per device id, and in all (beyond five per phone). */
  /** perPhone: absent means the product's five (MAX_CODES_PER_HOUR). */
  smsLimits: { perAddress: number; perDevice: number; total: number; perPhone?: number };
  /** TRUST_PROXY: how many proxies' X-Forwarded-For entries to believe (server/http/client-address.ts). */
  trustedProxies: number;
  address: { kakaoKey: string; kakaoUrl: string; jusoKey: string; jusoUrl: string };
  payment: {
    provider: '' | 'portone';
    apiUrl: string;
    impKey: string;
    impSecret: string;
    impCode: string;
    channelKey: string;
  };
  vworldKey: string | null;
  publicData: {
    dataGoKrKey: string;
    registerUrl: string;
    nedKey: string;
    nedDomain: string;
    nedUrl: string;
    /** The look-up's whole budget. */
    timeoutMs: number;
    /** One provider page's own time. */
    pageTimeoutMs: number;
    perMinute: number;
    cacheDays: number;
  };
  mapCacheEntries: number;
  imageMaxPixels: number;
  /** Web Push: the VAPID pair and subject (server/push). */
  push: { vapid: VapidKeys; subject: string };
  /** Scheduled backups: where, how often, how many kept. */
  backup: BackupSettings;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; null: loopback callers only. */
  metricsToken: string | null;
  /** How long a SIGTERM waits for in-flight requests and the running job. */
  shutdownTimeoutMs: number;
  /** Where the built client lives. */
  distDir: string;
  env: Record<string, string | undefined>;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const { e, mode, standIns: found, refusal } = readEnv(env);
  if (refusal) throw new Error(refusal);
  const { dataDir, dbFile, uploadsDir, backup } = dataPaths(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile,
    uploadsDir,
    logLevel: e.LOG_LEVEL,
    seedDemo: (e.SEED_DEMO ?? (mode === 'production' ? 'false' : 'true')) === 'true',
    seedDemoHome: (e.SEED_DEMO_HOME ?? e.SEED_DEMO ?? (mode === 'production' ? 'false' : 'true')) === 'true',
    superAdminPhone: e.SUPER_ADMIN_PHONE,
    adminLockHash: hashPassword(e.ADMIN_LOCK_PASSWORD ?? DEMO_LOCK_PASSWORD),
    appSecret: e.APP_SECRET || readOrCreateSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    bankAccount: e.BANK_ACCOUNT,
    publicUrl: e.PUBLIC_URL,
    mode,
    developmentStandIns: found.map((s) => `${s.variable} ${s.now}`),
    sms: {
      provider: e.SMS_PROVIDER,
      baseUrl: e.SMS_BASE_URL,
      appKey: e.SMS_APP_KEY,
      secretKey: e.SMS_SECRET_KEY,
      sender: e.SMS_SENDER,
    },
    trustedProxies: e.TRUST_PROXY,
    smsLimits: {
      perAddress: e.SMS_HOURLY_PER_ADDRESS,
      perDevice: e.SMS_HOURLY_PER_DEVICE,
      total: e.SMS_HOURLY_TOTAL,
      perPhone: e.SMS_HOURLY_PER_PHONE,
    },
    address: {
      kakaoKey: e.KAKAO_REST_KEY,
      kakaoUrl: e.KAKAO_API_URL,
      jusoKey: e.JUSO_KEY,
      jusoUrl: e.JUSO_API_URL,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      apiUrl: e.PORTONE_API_URL,
      impKey: e.PORTONE_IMP_KEY,
      impSecret: e.PORTONE_IMP_SECRET,
      impCode: e.PORTONE_IMP_CODE,
      channelKey: e.PORTONE_CHANNEL_KEY,
    },
    vworldKey: e.VWORLD_KEY || null,
    publicData: {
      dataGoKrKey: e.DATA_GO_KR_KEY,
      registerUrl: e.BLDRGST_API_URL,
      nedKey: e.VWORLD_NED_KEY,
      nedDomain: e.VWORLD_NED_DOMAIN || e.PUBLIC_URL,
      nedUrl: e.VWORLD_NED_URL,
      timeoutMs: e.PUBLIC_DATA_TIMEOUT_MS,
      pageTimeoutMs: Math.min(e.PUBLIC_DATA_PAGE_TIMEOUT_MS, e.PUBLIC_DATA_TIMEOUT_MS),
      perMinute: e.PUBLIC_DATA_PER_MINUTE,
      cacheDays: e.PUBLIC_DATA_CACHE_DAYS,
    },
    mapCacheEntries: e.MAP_CACHE_ENTRIES,
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    push: {
      vapid: e.VAPID_PUBLIC_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : readOrCreateVapidKeys(dataDir),
      subject: e.VAPID_SUBJECT,
    },
    backup,
    metricsToken: e.METRICS_TOKEN || null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    distDir: path.resolve('dist'),
    env,
  };
}

/**
 * The server's start: the configuration, or one line on stderr saying what to set and exit 1
 * (a stack trace would bury the variable's name).
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}

/** The one start-up warning line of a development server running on stand-ins; null when none. */
export function developmentWarning(config: Pick<Config, 'developmentStandIns'>): string | null {
  if (config.developmentStandIns.length === 0) return null;
  return `development mode (NODE_ENV=production or APP_MODE=production refuses to start with these): ${config.developmentStandIns.join('; ')}`;
}

/** Configuration for tests: everything local, nothing read from the process. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '/tmp/bunyang-test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret' }),
    ...overrides,
  };
}
