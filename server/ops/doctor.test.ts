import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diagnose, type Finding } from './doctor.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function folders() {
  const root = fs.mkdtempSync(path.join(tmpdir(), 'bunyang-doctor-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  return { root, dist, data: path.join(root, 'data'), backups: path.join(root, 'backups') };
}

/** A deployment done as docs/deploy.md says. */
function deployed(dirs: ReturnType<typeof folders>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dirs.data,
    BACKUP_DIR: dirs.backups,
    PAYMENT_PROVIDER: 'portone',
    PORTONE_IMP_KEY: 'key',
    PORTONE_IMP_SECRET: 'secret',
    PORTONE_IMP_CODE: 'imp12345678',
    SMS_PROVIDER: 'nhn',
    SMS_APP_KEY: 'app-key',
    SMS_SECRET_KEY: 'sms-secret',
    SMS_SENDER: '0215770000',
    ADMIN_LOCK_PASSWORD: 'a-long-lock-password',
    PUBLIC_URL: 'https://bunyang.example.com',
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    METRICS_TOKEN: 'a-metrics-token-of-32-characters',
    VAPID_SUBJECT: 'mailto:ops@bunyang.example.com',
  };
}

const unsafe = (findings: Finding[]) => findings.filter((f) => f.level === 'unsafe').map((f) => f.what);
const now = new Date('2026-03-02T01:00:00Z');

describe('npm run doctor', () => {
  it('finds nothing unsafe in a deployment done as the guide says', () => {
    const dirs = folders();
    expect(unsafe(diagnose({ env: deployed(dirs), now, distDir: dirs.dist }))).toEqual([]);
  });

  it('names every development stand-in, the missing production mode and the plain-HTTP address', () => {
    const dirs = folders();
    const found = unsafe(diagnose({ env: { DATA_DIR: dirs.data }, now, distDir: dirs.dist }));
    for (const name of [
      'not in production mode',
      'PAYMENT_PROVIDER',
      'SMS_PROVIDER',
      'ADMIN_LOCK_PASSWORD',
      'PUBLIC_URL',
    ]) {
      expect(
        found.some((w) => w.includes(name)),
        name,
      ).toBe(true);
    }
  });

  it('calls backups off, backups inside the data folder, a data folder it cannot write and TLS without TRUST_PROXY unsafe', () => {
    const dirs = folders();
    const blocker = path.join(dirs.root, 'a-file');
    fs.writeFileSync(blocker, '');
    const env = deployed(dirs);
    const found = (patch: Record<string, string>) =>
      unsafe(diagnose({ env: { ...env, ...patch }, now, distDir: dirs.dist }));
    expect(found({ BACKUP_EVERY_MINUTES: '0' })).toEqual(['BACKUP_EVERY_MINUTES=0: no scheduled backups']);
    expect(found({ BACKUP_DIR: path.join(dirs.data, 'backups') })).toEqual([
      'BACKUP_DIR is inside DATA_DIR: losing the data folder loses the backups',
    ]);
    expect(found({ DATA_DIR: path.join(blocker, 'data') })).toEqual([
      `DATA_DIR ${path.join(blocker, 'data')} cannot be written by this user`,
    ]);
    expect(found({ TRUST_PROXY: '0' })[0]).toMatch(/TRUST_PROXY=0/);
    expect(found({ SEED_DEMO: 'true' })[0]).toMatch(/demo members/);
  });

  it('calls a last backup far older than the schedule unsafe', () => {
    const dirs = folders();
    fs.mkdirSync(dirs.backups, { recursive: true });
    const copy = { file: 'db/app-x.db', taken_at: '2026-03-01T20:00:00.000Z', bytes: 1024 };
    fs.writeFileSync(path.join(dirs.backups, 'manifest.json'), JSON.stringify({ format: 1, copies: [copy] }));
    expect(unsafe(diagnose({ env: deployed(dirs), now, distDir: dirs.dist }))).toEqual([
      'the last backup is 300 minutes old (every 60 expected)',
    ]);
    expect(
      unsafe(diagnose({ env: deployed(dirs), now: new Date('2026-03-01T20:30:00Z'), distDir: dirs.dist })),
    ).toEqual([]);
  });

  it('reports an environment the server would refuse, and a client that is not built', () => {
    const dirs = folders();
    expect(
      unsafe(diagnose({ env: { ...deployed(dirs), PORT: 'eighty' }, now, distDir: dirs.dist }))[0],
    ).toMatch(/Invalid environment variable PORT/);
    expect(unsafe(diagnose({ env: deployed(dirs), now, distDir: path.join(dirs.root, 'none') }))).toEqual([
      'the client is not built (dist/index.html missing)',
    ]);
  });
});
