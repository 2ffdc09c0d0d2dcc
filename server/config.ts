import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

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

/**
 * Every environment variable the server reads, with its default. The README's
 * configuration table lists the same names; keep them in step.
 */
const envSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '8080'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './data'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Fill an empty database with demo data on start. */
  SEED_DEMO: v.optional(v.picklist(['true', 'false']), 'true'),
  /** The super admin (spec §6) is whoever signs in with this phone number. */
  SUPER_ADMIN_PHONE: v.optional(v.pipe(v.string(), v.regex(/^\d{10,11}$/)), '01000000000'),
  /** Password that opens the admin lock; only its hash is kept in memory. */
  ADMIN_LOCK_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(4)), 'admin1234'),
  /** Key for hashing phone codes; when empty one is generated once and kept in DATA_DIR/app-secret. */
  APP_SECRET: v.optional(v.string(), ''),
  SESSION_TTL_DAYS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '30'),
  /** Bank account shown in the copy-account popup (spec §2 More). */
  BANK_ACCOUNT: v.optional(v.string(), '신한은행 110-000-000000 (주)분양톡'),
  PUBLIC_URL: v.optional(v.string(), 'http://localhost:8080'),
  /** SMS gateway: empty writes codes to the log; `nhn` uses NHN Cloud SMS with the keys below. */
  SMS_PROVIDER: v.optional(v.picklist(['', 'nhn']), ''),
  SMS_BASE_URL: v.optional(v.string(), 'https://api-sms.cloud.toast.com'),
  SMS_APP_KEY: v.optional(v.string(), ''),
  SMS_SECRET_KEY: v.optional(v.string(), ''),
  SMS_SENDER: v.optional(v.string(), ''),
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
  /** Map search results kept for repeat searches (emptied on any write); 0 turns the cache off. */
  MAP_CACHE_ENTRIES: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '2000'),
  /** Uploaded pictures above this many pixels are refused from their header, before decoding. */
  IMAGE_MAX_PIXELS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1_000_000), v.maxValue(268_000_000)),
    '40000000',
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  logLevel: string;
  seedDemo: boolean;
  superAdminPhone: string;
  /** scrypt hash of ADMIN_LOCK_PASSWORD (the password itself is not kept). */
  adminLockHash: string;
  appSecret: string;
  sessionTtlDays: number;
  bankAccount: string;
  publicUrl: string;
  sms: { provider: '' | 'nhn'; baseUrl: string; appKey: string; secretKey: string; sender: string };
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
  mapCacheEntries: number;
  imageMaxPixels: number;
  /** Where the built client lives. */
  distDir: string;
  env: Record<string, string | undefined>;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const key = issue?.path?.map((p) => String(p.key)).join('.') ?? '?';
    throw new Error(`Invalid environment variable ${key}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.output;
  if (e.PAYMENT_PROVIDER === 'portone') {
    for (const key of ['PORTONE_IMP_KEY', 'PORTONE_IMP_SECRET', 'PORTONE_IMP_CODE'] as const) {
      if (!e[key])
        throw new Error(`Invalid environment variable ${key}: required with PAYMENT_PROVIDER=portone`);
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'app.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    superAdminPhone: e.SUPER_ADMIN_PHONE,
    adminLockHash: hashPassword(e.ADMIN_LOCK_PASSWORD),
    appSecret: e.APP_SECRET || readOrCreateSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    bankAccount: e.BANK_ACCOUNT,
    publicUrl: e.PUBLIC_URL,
    sms: {
      provider: e.SMS_PROVIDER,
      baseUrl: e.SMS_BASE_URL,
      appKey: e.SMS_APP_KEY,
      secretKey: e.SMS_SECRET_KEY,
      sender: e.SMS_SENDER,
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
    mapCacheEntries: e.MAP_CACHE_ENTRIES,
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    distDir: path.resolve('dist'),
    env,
  };
}

/** Configuration for tests: everything local, nothing read from the process. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '/tmp/bunyang-test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret' }),
    ...overrides,
  };
}
