import path from 'node:path';
import * as v from 'valibot';

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
  SESSION_TTL_DAYS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '30'),
  /** Bank account shown in the copy-account popup (spec §2 More). */
  BANK_ACCOUNT: v.optional(v.string(), '신한은행 110-000-000000 (주)분양톡'),
  PUBLIC_URL: v.optional(v.string(), 'http://localhost:8080'),
  /** VWorld WMTS key for the map's base tiles; empty: OpenStreetMap tiles. */
  VWORLD_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** Map search results kept for repeat searches (emptied on any write); 0 turns the cache off. */
  MAP_CACHE_ENTRIES: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '500'),
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
  adminLockPassword: string;
  sessionTtlDays: number;
  bankAccount: string;
  publicUrl: string;
  vworldKey: string | null;
  mapCacheEntries: number;
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
    adminLockPassword: e.ADMIN_LOCK_PASSWORD,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    bankAccount: e.BANK_ACCOUNT,
    publicUrl: e.PUBLIC_URL,
    vworldKey: e.VWORLD_KEY || null,
    mapCacheEntries: e.MAP_CACHE_ENTRIES,
    distDir: path.resolve('dist'),
    env,
  };
}

/** Configuration for tests: everything local, nothing read from the process. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: '/tmp/bunyang-test', LOG_LEVEL: 'silent' }), ...overrides };
}
