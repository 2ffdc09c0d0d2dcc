import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * A throwaway PostgreSQL cluster for tests, benchmarks and scripts: initdb in a temporary
 * folder, a free port on 127.0.0.1 (and a unix socket in the folder), trust authentication,
 * no fsync unless asked. Stopped and removed by `stop()`, when the process exits, and by a
 * watchdog process when it dies without exiting (kill -9, a crashed run); a later start also
 * removes clusters whose owner is gone. Root cannot run initdb: the folder then belongs to the
 * `postgres` user and the binaries run through `runuser`.
 *
 *   const cluster = await startPostgresCluster();
 *   const url = await cluster.createDatabase({ name: 'app' }); // postgres://postgres@127.0.0.1:port/app
 *   ...
 *   await cluster.stop();
 */
export interface PostgresCluster {
  host: string;
  port: number;
  /** The folder holding the data directory, the socket and the server log. */
  dir: string;
  /** The PostgreSQL version of the binaries (15 or newer). */
  version: number;
  url: (database?: string) => string;
  /** Creates a database (from `template`, by default template0) and returns its URL. */
  createDatabase: (options: { name: string; template?: string; icuLocale?: string }) => Promise<string>;
  dropDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

const ROOT = path.join(os.tmpdir(), 'bunyang-pg');
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The newest installed PostgreSQL (15 or newer): POSTGRES_BIN, else /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): { bin: string; version: number } | null {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv) {
    const out = execFileSync(path.join(fromEnv, 'postgres'), ['--version'], { encoding: 'utf8' });
    return { bin: fromEnv, version: Number(/(\d+)/.exec(out)?.[1] ?? 0) };
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .map(Number)
        .filter((v) => v >= 15 && fs.existsSync(path.join(base, String(v), 'bin', 'initdb')))
        .sort((a, b) => b - a)
    : [];
  const version = versions[0];
  return version === undefined ? null : { bin: path.join(base, String(version), 'bin'), version };
}

const isRoot = () => process.getuid?.() === 0;

/** A PostgreSQL binary with its arguments, as the postgres user when we are root. */
function command(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function run(bin: string, args: string[]): void {
  const [file, argv] = command(bin, args);
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout || result.error}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a cluster folder's server at once (nothing in it is kept) and removes the folder. */
function removeCluster({ bin, dir }: { bin: string; dir: string }): void {
  const data = path.join(dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    const [file, argv] = command(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { stdio: 'ignore' });
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Clusters left by processes that died before removing them. */
function sweepStale(bin: string): void {
  if (!fs.existsSync(ROOT)) return;
  for (const entry of fs.readdirSync(ROOT)) {
    const owner = Number(entry.split('-')[0]);
    if (Number.isInteger(owner) && owner > 0 && !alive(owner))
      removeCluster({ bin, dir: path.join(ROOT, entry) });
  }
}

/**
 * A detached shell that outlives us: once our process is gone (however it ended) it stops the
 * server and removes the folder. It polls once a second; it has nothing else to wait on.
 */
function startWatchdog({ bin, dir }: { bin: string; dir: string }): ChildProcess {
  const data = path.join(dir, 'data');
  const [file, argv] = command(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
    [ -f ${quote(path.join(data, 'postmaster.pid'))} ] && ${[file, ...argv].map(quote).join(' ')} >/dev/null 2>&1
    rm -rf ${quote(dir)}`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

export async function startPostgresCluster({
  durable = false,
}: {
  /** Keep fsync and synchronous commit (benchmarks that measure commits); tests run without. */
  durable?: boolean;
} = {}): Promise<PostgresCluster> {
  const found = findPostgresBin();
  if (!found) {
    throw new Error(
      'PostgreSQL 15 or newer is not installed: apt-get install postgresql (or set POSTGRES_BIN to its bin folder)',
    );
  }
  const { bin, version } = found;
  sweepStale(bin);
  fs.mkdirSync(ROOT, { recursive: true, mode: 0o755 });
  const dir = path.join(ROOT, `${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const watchdog = startWatchdog({ bin, dir });
  const data = path.join(dir, 'data');
  let stopped = false;
  const removeNow = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', removeNow);
    removeCluster({ bin, dir });
    if (watchdog.pid !== undefined && alive(watchdog.pid)) process.kill(watchdog.pid, 'SIGKILL');
  };
  process.once('exit', removeNow);

  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--encoding=UTF8',
      // A UTF-8 character classification, so pg_trgm sees Korean letters as letters.
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const settings = [
      'listen_addresses=127.0.0.1',
      'max_connections=200',
      'shared_buffers=64MB',
      ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
    ];
    let port = 0;
    // Another process may take the free port before the server binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        run(path.join(bin, 'pg_ctl'), [
          '-D',
          data,
          '-l',
          path.join(dir, 'server.log'),
          '-w',
          '-t',
          '60',
          '-o',
          [`-p ${port}`, `-k ${dir}`, ...settings.map((s) => `-c ${s}`)].join(' '),
          'start',
        ]);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    return clusterApi({ dir, port, version, stop: removeNow });
  } catch (error) {
    removeNow();
    throw error;
  }
}

function clusterApi({
  dir,
  port,
  version,
  stop,
}: {
  dir: string;
  port: number;
  version: number;
  stop: () => void;
}): PostgresCluster {
  const host = '127.0.0.1';
  const url = (database = 'postgres') => `postgres://postgres@${host}:${port}/${database}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const checkName = (name: string) => {
    if (!NAME.test(name)) throw new Error(`not a database name: ${name}`);
  };
  return {
    host,
    port,
    dir,
    version,
    url,
    createDatabase: async ({ name, template = 'template0', icuLocale }) => {
      checkName(name);
      checkName(template);
      const locale = icuLocale
        ? ` LOCALE_PROVIDER icu ICU_LOCALE '${icuLocale.replace(/[^A-Za-z0-9-]/g, '')}'`
        : '';
      await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}${locale}`));
      return url(name);
    },
    dropDatabase: async (name) => {
      checkName(name);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
    stop: async () => stop(),
  };
}
