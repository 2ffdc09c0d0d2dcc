import { describe, expect, it } from 'vitest';
import { loadConfig, passwordMatches } from './config.ts';

const base = { DATA_DIR: '/tmp/bunyang-config-test', APP_SECRET: 'test-secret', LOG_LEVEL: 'silent' };

/** What a real deployment sets: the gateways, their keys and its own lock password. */
const deployed = {
  ...base,
  PAYMENT_PROVIDER: 'portone',
  PORTONE_IMP_KEY: 'key',
  PORTONE_IMP_SECRET: 'secret',
  PORTONE_IMP_CODE: 'imp12345678',
  SMS_PROVIDER: 'nhn',
  SMS_APP_KEY: 'app-key',
  SMS_SECRET_KEY: 'sms-secret',
  SMS_SENDER: '0215770000',
  ADMIN_LOCK_PASSWORD: 'a-long-lock-password',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration loaded');
}

describe('production mode', () => {
  it('refuses the test checkout, the log-only SMS sender and the demo lock password, naming each variable', () => {
    const message = refusal({ ...base, NODE_ENV: 'production' });
    expect(message).toContain('NODE_ENV=production');
    expect(message).toContain('PAYMENT_PROVIDER');
    expect(message).toContain('SMS_PROVIDER');
    expect(message).toContain('ADMIN_LOCK_PASSWORD');
    expect(message).not.toContain('\n');
  });

  it('is also chosen by APP_MODE=production, which wins over NODE_ENV', () => {
    expect(refusal({ ...base, APP_MODE: 'production' })).toContain('APP_MODE=production');
    expect(refusal({ ...base, APP_MODE: 'production', NODE_ENV: 'development' })).toContain(
      'PAYMENT_PROVIDER',
    );
    expect(loadConfig({ ...base, APP_MODE: 'development', NODE_ENV: 'production' }).mode).toBe('development');
  });

  it('names only what is missing', () => {
    const message = refusal({ ...deployed, NODE_ENV: 'production', PAYMENT_PROVIDER: '' });
    expect(message).toContain('PAYMENT_PROVIDER');
    expect(message).not.toContain('SMS_PROVIDER');
    expect(message).not.toContain('ADMIN_LOCK_PASSWORD');
  });

  it('refuses the demo lock password even when it is set explicitly', () => {
    expect(refusal({ ...deployed, NODE_ENV: 'production', ADMIN_LOCK_PASSWORD: 'admin1234' })).toContain(
      'ADMIN_LOCK_PASSWORD',
    );
  });

  it('starts with the real gateways and a lock password of its own, with nothing in development mode', () => {
    const config = loadConfig({ ...deployed, NODE_ENV: 'production' });
    expect(config.mode).toBe('production');
    expect(config.developmentStandIns).toEqual([]);
    expect(passwordMatches({ password: 'a-long-lock-password', hash: config.adminLockHash })).toBe(true);
    expect(passwordMatches({ password: 'admin1234', hash: config.adminLockHash })).toBe(false);
  });

  it('does not fill a production database with demo members unless told to', () => {
    expect(loadConfig({ ...deployed, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...deployed, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses several instances on PostgreSQL without the secret and push keys they must share', () => {
    const onPostgres = { ...deployed, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/app' };
    const message = refusal({ ...onPostgres, APP_SECRET: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
    expect(message).toContain('APP_SECRET, the same on every instance');
    expect(message).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, the same on every instance');
    const vapid = { VAPID_PUBLIC_KEY: 'public-key', VAPID_PRIVATE_KEY: 'private-key' };
    expect(loadConfig({ ...onPostgres, APP_SECRET: 'shared-secret', ...vapid }).mode).toBe('production');
    // One SQLite file has one server: its data folder keeps them.
    expect(loadConfig({ ...deployed, NODE_ENV: 'production', APP_SECRET: '' }).mode).toBe('production');
  });

  it('refuses the NHN gateway without its keys, as it refuses PortOne without its keys', () => {
    expect(refusal({ ...base, SMS_PROVIDER: 'nhn' })).toContain('SMS_APP_KEY');
  });
});

describe('development mode', () => {
  it('keeps the stand-ins, the demo lock password and the demo data, and lists the stand-ins for the start-up warning', () => {
    const config = loadConfig(base);
    expect(config.mode).toBe('development');
    expect(config.payment.provider).toBe('');
    expect(config.sms.provider).toBe('');
    expect(config.seedDemo).toBe(true);
    expect(passwordMatches({ password: 'admin1234', hash: config.adminLockHash })).toBe(true);
    expect(config.developmentStandIns.join(' ')).toMatch(
      /PAYMENT_PROVIDER.*SMS_PROVIDER.*ADMIN_LOCK_PASSWORD/,
    );
  });

  it('lists only the stand-ins still in use', () => {
    const config = loadConfig({ ...deployed, PAYMENT_PROVIDER: '' });
    expect(config.developmentStandIns).toHaveLength(1);
    expect(config.developmentStandIns[0]).toContain('PAYMENT_PROVIDER');
  });
});
