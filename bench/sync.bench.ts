// npm run bench:sync — the sync engine in headless Chromium against the real server process.
// Writes bench/results/sync.json:
//   initial_pull_rows_per_s  10,000 sites pulled into IndexedDB by a fresh device
//   drain_mutations_per_s    1,000 queued mutations pushed and confirmed by the following pull
//   empty_pull_p50_ms        the server's time for a pull with nothing new (from its request log)
// With `--db postgres` (or DATABASE_URL set) the seeded SQLite database is copied into PostgreSQL
// (a throwaway cluster, or DATABASE_URL's empty database: bench/postgres-target.ts), the server
// runs on it, and the results go to bench/results/sync.postgres.json with the same fields.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { hashToken, newToken } from '../server/auth/session.ts';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { type BenchPostgres, benchDatabase, benchPostgres, copyIntoPostgres } from './postgres-target.ts';

const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const MUTATIONS = 1_000;
const EMPTY_PULLS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DATABASE = benchDatabase();
let UNITS = 0;

function percentile({ values, p }: { values: number[]; p: number }): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

const round = ({ n, digits = 1 }: { n: number; digits?: number }) =>
  Math.round(n * 10 ** digits) / 10 ** digits;

/** Puts every generated site in the first agent's scope: all agents share them in one group. */
/** The device the benchmark's session belongs to: its engines name it in every call. */
const BENCH_DEVICE = 'bench-device';

function prepare(dbFile: string): { token: string; member: number } {
  const db = new SQLite(dbFile);
  db.pragma('journal_mode = WAL');
  const agents = db
    .prepare("SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A' ORDER BY f_idx")
    .pluck()
    .all() as number[];
  const member = agents[0] as number;
  const now = new Date().toISOString();
  db.transaction(() => {
    const group = Number(
      db
        .prepare("INSERT INTO groups (f_name, f_owner_idx, f_reg_time) VALUES ('벤치마크', ?, ?)")
        .run(member, now).lastInsertRowid,
    );
    for (const agent of agents) {
      db.prepare('INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time) VALUES (?, ?, ?)').run(
        group,
        agent,
        now,
      );
    }
    db.prepare("UPDATE sites SET f_group_idx = ? WHERE f_status = 'N'").run(group);
  })();
  const token = newToken();
  db.prepare(
    'INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(member, hashToken(token), BENCH_DEVICE, now, '2999-01-01T00:00:00.000Z', now);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { token, member };
}

/** Server-side milliseconds of the requests to `path` logged between `from` and `to`. */
function serverTimes({
  log,
  from,
  to = log.length,
  path,
}: {
  log: string[];
  from: number;
  to?: number;
  path: string;
}) {
  return log
    .slice(from, to)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { path?: string; ms?: number; msg?: string }];
      } catch {
        return [];
      }
    })
    .filter((e) => e.msg === 'request' && e.path === path && typeof e.ms === 'number')
    .map((e) => e.ms as number);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-sync-'));
const dbFile = path.join(dir, 'app.db');
let server: ChildProcess | null = null;
let postgres: BenchPostgres | null = null;
// However this script ends (even killed by a closed pipe), the server it started goes with it.
process.on('exit', () => server?.kill('SIGKILL'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const seeded = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/seed/cli.ts', '--sites', String(SITES), '--db', dbFile],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const { token } = prepare(dbFile);
  UNITS = new SQLite(dbFile, { readonly: true }).prepare('SELECT COUNT(*) FROM hos').pluck().get() as number;
  console.log(`seeded ${SITES} sites in ${round({ n: (performance.now() - seeded) / 1000 })} s`);
  if (DATABASE === 'postgres') {
    postgres = await benchPostgres();
    // With its triggers: the change feed a pull reads is written as the rows arrive.
    const copied = await copyIntoPostgres({ sqliteFile: dbFile, url: postgres.url, triggers: true });
    console.log(`copied into PostgreSQL (${postgres.describe}) in ${round({ n: copied.seconds })} s`);
  }

  const port = await freePort();
  const log: string[] = [];
  server = await startServerProcess({
    dir,
    port,
    lines: log,
    env: { SEED_DEMO: 'false', LOG_LEVEL: 'info', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  const page = await browser.newPage();
  // tsx keeps function names with a helper the browser does not have.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  // The engine is not in the entry: the login screen loads it while idle (src/sync/status.ts).
  await page.goto(`http://127.0.0.1:${port}/Login`);
  await page.waitForFunction(() => window.__bunyangSync !== undefined);

  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0));
  // The machine is shared: each measure runs RUNS times and the median is reported.
  const initials: Array<{ ms: number; sitesMs: number; sites: number; dongs: number; serverMs: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const from = log.length;
    const initial = await page.evaluate(
      async ({ token, dbName, deviceId }) => {
        const sync = window.__bunyangSync;
        if (!sync) throw new Error('no sync handle');
        const engine = sync.createEngine({ dbName, token, deviceId });
        const started = performance.now();
        // Sites come first, then the units of registered sites: note when the last site landed.
        let sitesMs = 0;
        await engine.pull({
          onPage: (page) => {
            if (page.changes.some((c) => c.t === 'site')) sitesMs = performance.now() - started;
          },
        });
        const ms = performance.now() - started;
        return { ms, sitesMs, sites: await engine.db.sites.count(), dongs: await engine.db.dongs.count() };
      },
      { token, dbName: `bench-initial-${run}`, deviceId: BENCH_DEVICE },
    );
    await new Promise((r) => setTimeout(r, 300));
    const serverMs = sum(serverTimes({ log, from, path: '/api/v1/sync/pull' }));
    console.log('initial pull', initial, { serverMs });
    initials.push({ ...initial, serverMs });
  }

  const drains: Array<{ ms: number; queueMs: number; push: number; pull: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const from = log.length;
    const drain = await page.evaluate(
      async ({ token, count, run, deviceId }) => {
        const sync = window.__bunyangSync;
        if (!sync) throw new Error('no sync handle');
        const engine = sync.createEngine({ dbName: 'bench-initial-0', token, deviceId });
        const sites = await engine.db.sites.keys();
        const queued = performance.now();
        for (let i = 0; i < count; i++) {
          const site = sites[(i + run * count) % sites.length] as number;
          if (i % 2 === 0)
            await engine.mutate('setLikeSite', { site_idx: site, like_status: i % 4 === 0 ? 'Y' : 'N' });
          else await engine.mutate('addSiteMemo', { site_idx: site, memo: `벤치마크 메모 ${run}-${i}` });
        }
        const queueMs = performance.now() - queued;
        const started = performance.now();
        await engine.sync();
        const ms = performance.now() - started;
        return { ms, queueMs, left: await engine.db.outbox.count() };
      },
      { token, count: MUTATIONS, run, deviceId: BENCH_DEVICE },
    );
    if (drain.left !== 0) throw new Error(`${drain.left} mutations left in the outbox`);
    await new Promise((r) => setTimeout(r, 300));
    const server = {
      push: sum(serverTimes({ log, from, path: '/api/v1/sync/push' })),
      pull: sum(serverTimes({ log, from, path: '/api/v1/sync/pull' })),
    };
    console.log('drain', drain, server);
    drains.push({ ms: drain.ms, queueMs: drain.queueMs, ...server });
  }
  const median = <T>(items: T[], value: (item: T) => number): T =>
    [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)] as T;
  const initial = median(initials, (i) => i.sitesMs);
  const drain = median(drains, (d) => d.ms);

  const logFrom = log.length;
  const roundTrips = await page.evaluate(
    async ({ token, count, deviceId }) => {
      const sync = window.__bunyangSync;
      if (!sync) throw new Error('no sync handle');
      const engine = sync.createEngine({ dbName: 'bench-initial', token, deviceId });
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await engine.pull();
        times.push(performance.now() - started);
      }
      return times;
    },
    { token, count: EMPTY_PULLS, deviceId: BENCH_DEVICE },
  );
  await new Promise((r) => setTimeout(r, 300));
  const emptyPulls = serverTimes({ log, from: logFrom, path: '/api/v1/sync/pull' });
  if (emptyPulls.length < EMPTY_PULLS) throw new Error(`only ${emptyPulls.length} pulls in the server log`);

  const result = {
    initial_pull_rows_per_s: Math.round(initial.sites / (initial.sitesMs / 1000)),
    drain_mutations_per_s: Math.round(MUTATIONS / (drain.ms / 1000)),
    empty_pull_p50_ms: round({ n: percentile({ values: emptyPulls, p: 0.5 }), digits: 2 }),
    details: {
      sites: initial.sites,
      buildings_with_units: initial.dongs,
      units: UNITS,
      initial_pull_sites_ms: Math.round(initial.sitesMs),
      initial_pull_with_units_ms: Math.round(initial.ms),
      initial_pull_server_ms: initial.serverMs,
      initial_pull_sites_ms_runs: initials.map((i) => Math.round(i.sitesMs)),
      mutations: MUTATIONS,
      queue_ms: Math.round(drain.queueMs),
      drain_ms: Math.round(drain.ms),
      drain_server_push_ms: drain.push,
      drain_server_pull_ms: drain.pull,
      drain_ms_runs: drains.map((d) => Math.round(d.ms)),
      empty_pull_server_p95_ms: round({ n: percentile({ values: emptyPulls, p: 0.95 }), digits: 2 }),
      empty_pull_round_trip_p50_ms: round({ n: percentile({ values: roundTrips, p: 0.5 }), digits: 2 }),
    },
    targets: { initial_pull_rows_per_s: 5000, drain_mutations_per_s: 1000, empty_pull_p50_ms: 5 },
    // Other work on the machine shows here: the figures are only comparable at similar load.
    database: postgres ? `postgres (${postgres.describe})` : 'sqlite',
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      load_average_1m: round({ n: os.loadavg()[0] ?? 0, digits: 2 }),
    },
    measured_at: new Date().toISOString(),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    postgres ? 'bench/results/sync.postgres.json' : 'bench/results/sync.json',
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  await postgres?.stop();
}
