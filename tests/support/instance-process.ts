import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '../../sync/codes.ts';

/**
 * One server instance as a process of its own (`node --import tsx server/main.ts`), as a
 * deployment runs several behind a load balancer: for tests of several instances on one
 * database. It listens on a free port (PORT=0, the port read from its log) and keeps its own
 * data folder; everything else comes from `env`. Unlike tests/support/server-process.ts it keeps
 * every line the process writes, to wait for one (an SMS code, a job's run).
 */
export interface Instance {
  name: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Every line it wrote (stdout and stderr), in order. */
  lines: string[];
  /** Resolves with the first line (already written or coming) that matches. */
  waitForLine: (pattern: RegExp) => Promise<string>;
  /** kill -9: no shutdown, in-flight requests cut, transactions left to the database to roll back. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function startInstance({
  name,
  env,
}: {
  name: string;
  env: Record<string, string>;
}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `instance-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      BACKUP_EVERY_MINUTES: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const take = (chunk: Buffer, rest: { text: string }) => {
    rest.text += chunk.toString('utf8');
    const parts = rest.text.split('\n');
    rest.text = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  };
  const outRest = { text: '' };
  const errRest = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => take(chunk, outRest));
  child.stderr?.on('data', (chunk: Buffer) => take(chunk, errRest));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A test run cut short leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  void exited.then(() => process.off('exit', orphan));

  const waitForLine = (pattern: RegExp) => {
    const found = lines.find((line) => pattern.test(line));
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<string>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      void exited.then((code) =>
        reject(
          new Error(`${name} exited (${code}) before writing ${pattern}:\n${lines.slice(-20).join('\n')}`),
        ),
      );
    });
  };
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    cleanUp();
  };

  try {
    const listening = await waitForLine(/listening on http:\/\/localhost:\d+/);
    const port = /localhost:(\d+)/.exec(listening)?.[1];
    const origin = `http://127.0.0.1:${port}`;
    // Ready: migrated, seeded, scheduler started (server/ops/lifecycle.ts).
    const ready = await fetch(`${origin}${API_BASE}/health/ready`);
    if (ready.status !== 200) throw new Error(`${name} not ready: ${ready.status}`);
    return {
      name,
      origin,
      lines,
      waitForLine,
      kill: () => end('SIGKILL'),
      stop: () => end('SIGTERM'),
    };
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
}
