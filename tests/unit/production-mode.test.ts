import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/free-port.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** The real server process, as `npm run serve` starts it, with only the given settings of ours. */
async function startServer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-mode-'));
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(APP_MODE|NODE_ENV|PAYMENT_|SMS_|ADMIN_LOCK_)/.test(key),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      // No backup folder left beside the throwaway data directory.
      BACKUP_EVERY_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return { child, port, output, exited };
}

async function listening(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

describe('starting the server', () => {
  it('in production mode with nothing configured, refuses with one line naming the variables to set', async () => {
    const server = await startServer({ NODE_ENV: 'production' });
    const code = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    expect(code).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(await listening(server.port)).toBe(false);
    const lines = server.output.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('NODE_ENV=production');
    for (const name of ['PAYMENT_PROVIDER', 'SMS_PROVIDER', 'ADMIN_LOCK_PASSWORD'])
      expect(lines[0]).toContain(name);
  }, 30_000);

  it('in development mode starts as before and logs one warning line naming what is in development mode', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    await vi.waitFor(
      async () => {
        if (server.child.exitCode !== null)
          throw new Error(`the server exited with ${server.child.exitCode}`);
        if (!(await listening(server.port))) throw new Error('not listening yet');
      },
      { timeout: 30_000, interval: 100 },
    );
    const warnings = server.output.stdout.split('\n').filter((line) => line.includes('development mode'));
    expect(warnings).toHaveLength(1);
    const warning = JSON.parse(warnings[0] ?? '{}') as { level: number; msg: string };
    expect(warning.level).toBe(40);
    for (const name of ['PAYMENT_PROVIDER', 'SMS_PROVIDER', 'ADMIN_LOCK_PASSWORD'])
      expect(warning.msg).toContain(name);
  }, 60_000);
});
