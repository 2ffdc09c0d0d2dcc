import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth/session.ts';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { freePort } from '../support/free-port.ts';
import { startServerProcess } from '../support/server-process.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** `npm run db:backup` / `npm run db:restore -- …` as an operator runs them, on this data folder. */
function run(script: 'backup' | 'restore', { dir, args = [] }: { dir: string; args?: string[] }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/ops/backup/${script}.cli.ts`, ...args],
      { env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' } },
      (err, stdout, stderr) => resolve({ code: err ? ((err.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** A member with a session, straight into a fresh database file. */
async function prepare(dir: string): Promise<{ token: string }> {
  const handle = openDatabase({ file: path.join(dir, 'app.db') });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const user = handle.sqlite
    .prepare(
      "INSERT INTO users (f_phone, f_affiliation, f_name, f_approval, f_reg_time) VALUES ('01020008888', '테스트', '테스트', 'A', ?)",
    )
    .run(now);
  const token = newToken();
  handle.sqlite
    .prepare(
      'INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(user.lastInsertRowid, hashToken(token), 'cli-device', now, '2999-01-01T00:00:00.000Z', now);
  await handle.close();
  return { token };
}

describe('npm run db:backup and db:restore', () => {
  it('back up a running server, refuse to restore under it, and bring back a site after app.db is deleted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-cli-'));
    cleanups.push(() => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-backups`, { recursive: true, force: true });
    });
    const { token } = await prepare(dir);
    const port = await freePort();
    const env = { SEED_DEMO: 'false', BACKUP_EVERY_MINUTES: '0' };
    const first = await startServerProcess({ dir, port, env, stderr: 'ignore' });
    cleanups.push(() => {
      if (first.exitCode === null) first.kill('SIGKILL');
    });
    // A site added while the server runs, as any writer would.
    const writer = new SQLite(path.join(dir, 'app.db'));
    const site = writer
      .prepare(
        `INSERT INTO sites (f_name, f_site_type, f_user_idx, f_latitude, f_longitude, f_reg_time, f_update_time)
         VALUES ('백업 전 현장', 'G', 1, 37.5, 127, ?, ?) RETURNING f_idx`,
      )
      .pluck()
      .get(new Date().toISOString(), new Date().toISOString()) as number;
    writer.close();

    const backup = await run('backup', { dir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const copy = /backup written: (\S+)/.exec(backup.stdout)?.[1] as string;
    expect(copy.startsWith(`${dir}-backups/db/app-`)).toBe(true);
    const manifest = JSON.parse(readFileSync(`${dir}-backups/manifest.json`, 'utf8'));
    expect(manifest.copies).toMatchObject([{ integrity: 'ok', bytes: expect.any(Number) }]);

    const refused = await run('restore', { dir, args: ['--from', copy] });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the server is running/);

    first.kill('SIGTERM');
    expect(await exited(first)).toBe(0);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(dir, `app.db${suffix}`), { force: true });
    expect(existsSync(path.join(dir, 'app.db'))).toBe(false);

    const restored = await run('restore', { dir, args: ['--from', copy] });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('integrity_check ok');

    const second = await startServerProcess({ dir, port, env, stderr: 'ignore' });
    cleanups.push(() => {
      if (second.exitCode === null) second.kill('SIGKILL');
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/site/getSiteDetail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-device-id': 'cli-device' },
      body: JSON.stringify({ site_idx: site }),
    });
    const body = (await res.json()) as { code: number; data: { common: { f_name: string } } };
    expect(body.code).toBe(0);
    expect(body.data.common.f_name).toBe('백업 전 현장');
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);
  }, 120_000);
});
