import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { startPostgresCluster } from '../support/postgres-cluster.ts';

/** Whether process `pid` still runs (a zombie waiting for its parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves once `check` holds (vitest asks again every 50 ms); rejects after `ms`. */
async function until(check: () => boolean, ms = 30_000): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 50 });
}

/** The cluster script started as a child: its folder and server process once it printed its URL. */
async function clusterScript(): Promise<{ child: ChildProcess; dir: string; postmaster: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/postgres-cluster.ts', 'probe'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await until(() => out.includes('DATABASE_URL='));
  const dir = /in (\S+), until/.exec(out)?.[1] ?? '';
  const postmaster = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { child, dir, postmaster };
}

describe('a throwaway PostgreSQL cluster', () => {
  it('serves databases on its port and leaves nothing behind once stopped', async () => {
    const cluster = await startPostgresCluster();
    const url = await cluster.createDatabase({ name: 'probe' });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows).toEqual([{ db: 'probe' }]);
    const postmaster = Number(
      fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    await cluster.stop();
    expect(fs.existsSync(cluster.dir)).toBe(false);
    // The server removes its pid file just before it exits.
    await until(() => !alive(postmaster));
  });

  it('is stopped and removed after Ctrl-C', async () => {
    const { child, dir, postmaster } = await clusterScript();
    child.kill('SIGINT');
    await until(() => child.exitCode !== null);
    expect(fs.existsSync(dir)).toBe(false);
    await until(() => !alive(postmaster));
  });

  it('is stopped and removed when the process that started it is killed', async () => {
    const { child, dir, postmaster } = await clusterScript();
    child.kill('SIGKILL');
    // Its watchdog notices within a second or so.
    await until(() => !fs.existsSync(dir) && !alive(postmaster));
  });
});
