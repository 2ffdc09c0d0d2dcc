/**
 * npm run bench:map [-- --sites 100000 --queries 1000 --seed 6 --duration 20 --connections 10 --keep --port 8270
 *   --db sqlite|postgres]
 *
 * 1. Builds a database of N generated sites (the seed generator, as `npm run seed` does).
 * 2. Runs Q random viewport + filter searches through the map search service (after one untimed
 *    pass), then the same searches as a plain scan of `sites` (no R*Tree, no FTS), checking both
 *    give the same result.
 * 3. Starts the real server process on that database and loads it with autocannon, cycling
 *    through the same searches over HTTP with a signed-in member's token, after one untimed
 *    pass: once as deployed (with the result cache, so the load is served from it), once with
 *    the cache off (every request searches).
 * Writes bench/results/map.json. On PostgreSQL (`--db postgres`, or DATABASE_URL set: bench/postgres-target.ts)
 * the SQLite database is built the same way and copied into PostgreSQL, and steps 2 and 3 run on
 * it; writes bench/results/map.postgres.json with the same fields.
 */

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureAreas } from '../server/areas/areas.seed.ts';
import { type Db, migrateToLatest, openDatabase } from '../server/db/database.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { searchMap } from '../server/map/map.service.ts';
import { demoUsers, seedDemo } from '../server/seed/demo.ts';
import { createRng } from '../server/seed/random.ts';
import { generateSites } from '../server/seed/sites.generator.ts';
import { randomQueries } from '../server/testing/map-queries.ts';
import { searchSiteForMapCall } from '../sync/api/map.api.ts';
import { API_BASE, Headers } from '../sync/codes.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { type BenchPostgres, benchDatabase, benchPostgres, copyIntoPostgres } from './postgres-target.ts';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '6' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    /** The server process's port (default: a random one in 18000-19999). */
    port: { type: 'string' },
    'units-scale': { type: 'string', default: '1' },
    dir: { type: 'string' },
    /** Reuse the database in --dir when it is there (for repeated runs while tuning). */
    keep: { type: 'boolean', default: false },
    /** sqlite or postgres (default: postgres when DATABASE_URL is set). */
    db: { type: 'string' },
  },
});
const database = benchDatabase(values.db === undefined ? [] : ['--db', values.db]);

const siteCount = Number(values.sites);
const queryCount = Number(values.queries);
const seed = Number(values.seed);
const dir = path.resolve(values.dir ?? path.join(os.tmpdir(), `bench-map-${siteCount}`));
const dbFile = path.join(dir, 'app.db');
const log = (...args: unknown[]) => console.error('[bench:map]', ...args);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

// 1. The database.
let buildSeconds: number | null = null;
if (!(values.keep && fs.existsSync(dbFile))) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const handle = openDatabase({ file: dbFile });
  await migrateToLatest(handle.db);
  ensureAreas({ sqlite: handle.sqlite });
  const now = new Date('2026-11-21T00:00:00Z');
  seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now, siteCount: 0 });
  const owners = handle.sqlite
    .prepare("SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A'")
    .pluck()
    .all() as number[];
  const totals = generateSites({
    sqlite: handle.sqlite,
    rng: createRng(seed),
    count: siteCount,
    ownerIds: owners,
    now,
    unitsScale: Number(values['units-scale']),
  });
  handle.sqlite.pragma('optimize');
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await handle.close();
  buildSeconds = round((performance.now() - started) / 1000, 1);
  log('built', totals, `${buildSeconds} s`);
}

const handle = openDatabase({ file: dbFile });
// A kept database may predate the latest migrations.
await migrateToLatest(handle.db);
const sqlite = handle.sqlite;
const member = sqlite
  .prepare('SELECT f_idx FROM users WHERE f_phone = ?')
  .pluck()
  .get(demoUsers.agents[0].phone) as number;
// The member likes a few hundred sites, so the favourites filter has something to find.
sqlite
  .prepare(
    `INSERT OR IGNORE INTO site_likes (f_user_idx, f_site_idx, f_reg_time)
     SELECT ?, f_idx, '2026-11-01T00:00:00.000Z' FROM sites WHERE f_idx % 331 = 0`,
  )
  .run(member);
sqlite.prepare("UPDATE users SET f_usage_date = '2099-01-01T00:00:00.000Z' WHERE f_idx = ?").run(member);
const queries = randomQueries({ sqlite, rng: createRng(seed * 7919), count: queryCount });
// The member's session for step 3.
const token = randomBytes(32).toString('base64url');
const nowIso = new Date().toISOString();
sqlite
  .prepare(
    `INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at)
     VALUES (?, ?, 'bench-device', ?, '2099-01-01T00:00:00.000Z', ?)`,
  )
  .run(member, createHash('sha256').update(token).digest('hex'), nowIso, nowIso);
sqlite.pragma('wal_checkpoint(TRUNCATE)');

// On PostgreSQL: the same rows, copied over.
let postgres: (BenchPostgres & { db: Db; close: () => Promise<void> }) | null = null;
let copySeconds: number | null = null;
if (database === 'postgres') {
  await handle.close();
  const target = await benchPostgres();
  const copied = await copyIntoPostgres({ sqliteFile: dbFile, url: target.url, triggers: false });
  copySeconds = round(copied.seconds, 1);
  log('copied into PostgreSQL', `${copySeconds} s`, target.describe);
  const pgHandle = openPostgres({ url: target.url });
  postgres = { ...target, db: pgHandle.db, close: pgHandle.close };
}
const searchDb = postgres?.db ?? handle.db;

// 2. In-process: indexed search vs plain scan.
// Steady state, not a cold start: one untimed pass loads the pages the searches touch.
for (const query of queries) await searchMap({ db: searchDb, userIdx: member, query });
for (const query of queries.slice(0, 50))
  await searchMap({ db: searchDb, userIdx: member, query, via: 'scan' });
const indexedMs: number[] = [];
const results: string[] = [];
for (const query of queries) {
  const t0 = performance.now();
  const r = await searchMap({ db: searchDb, userIdx: member, query });
  indexedMs.push(performance.now() - t0);
  results.push(JSON.stringify(r));
}
const scanMs: number[] = [];
let mismatches = 0;
for (const [i, query] of queries.entries()) {
  const t0 = performance.now();
  const r = await searchMap({ db: searchDb, userIdx: member, query, via: 'scan' });
  scanMs.push(performance.now() - t0);
  if (JSON.stringify(r) !== results[i]) mismatches++;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const sortedIndexed = [...indexedMs].sort((a, b) => a - b);
const sortedScan = [...scanMs].sort((a, b) => a - b);
const counts = results.map((r) => (JSON.parse(r) as { count: number }).count).sort((a, b) => a - b);
log('in-process', {
  p50: percentile(sortedIndexed, 50),
  p95: percentile(sortedIndexed, 95),
  scanP50: percentile(sortedScan, 50),
  mismatches,
});

// 3. HTTP load against the real server process.
if (postgres) await postgres.close();
else await handle.close();

/**
 * Loads the real server process with the searches; `cacheEntries` 0 turns its result cache off.
 * First, 5 s of /health on the same process: what this machine serves at all right now.
 */
async function httpLoad(cacheEntries: number): Promise<{
  search: Awaited<ReturnType<typeof autocannon>>;
  health: Awaited<ReturnType<typeof autocannon>>;
  /** The server process's CPU time per request (ms): what a busy machine inflates least. */
  cpuPerSearch: number;
  cpuPerHealth: number;
}> {
  const port = values.port ? Number(values.port) : 18_000 + Math.floor(Math.random() * 2000);
  const server = await startServerProcess({
    dir,
    port,
    env: {
      SEED_DEMO: 'false',
      MAP_CACHE_ENTRIES: String(cacheEntries),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const headers = {
      'content-type': 'application/json',
      [Headers.accessToken]: token,
      [Headers.deviceId]: 'bench-device',
    };
    const probe = await fetch(`${base}${API_BASE}${searchSiteForMapCall.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(queries[0]),
    });
    const probeBody = (await probe.json()) as { code: number; msg: string };
    if (probeBody.code !== 0) throw new Error(`search over HTTP failed: ${JSON.stringify(probeBody)}`);
    // One untimed pass, as for the in-process figures: the load then measures the steady state.
    for (const q of queries) {
      await fetch(`${base}${API_BASE}${searchSiteForMapCall.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(q),
      });
    }
    const cpuBeforeHealth = processCpuMs(server.pid);
    const health = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: 5,
      requests: [{ method: 'GET', path: `${API_BASE}/health` }],
    });
    const cpuBeforeSearch = processCpuMs(server.pid);
    const search = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: Number(values.duration),
      requests: queries.map((q) => ({
        method: 'POST',
        path: `${API_BASE}${searchSiteForMapCall.path}`,
        headers,
        body: JSON.stringify(q),
      })),
    });
    const cpuAfter = processCpuMs(server.pid);
    return {
      search,
      health,
      cpuPerSearch: (cpuAfter - cpuBeforeSearch) / search.requests.total,
      cpuPerHealth: (cpuBeforeSearch - cpuBeforeHealth) / health.requests.total,
    };
  } finally {
    server.kill('SIGTERM');
  }
}

/** User plus system CPU time of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const { search: http, health } = await httpLoad(2000);
log('http, result cache on', Math.round(http.requests.average), 'req/s');
const { search: httpUncached, cpuPerSearch, cpuPerHealth } = await httpLoad(0);
log('http, result cache off', Math.round(httpUncached.requests.average), 'req/s');

const out = {
  p50_ms: round(percentile(sortedIndexed, 50)),
  p95_ms: round(percentile(sortedIndexed, 95)),
  p99_ms: round(percentile(sortedIndexed, 99)),
  mean_ms: round(sum(indexedMs) / indexedMs.length),
  speedup_vs_scan: round(sum(scanMs) / sum(indexedMs), 1),
  scan_p50_ms: round(percentile(sortedScan, 50)),
  scan_p95_ms: round(percentile(sortedScan, 95)),
  scan_mismatches: mismatches,
  requests_per_s: round(http.requests.average, 0),
  http_requests_total: http.requests.total,
  http_latency_p50_ms: http.latency.p50,
  http_latency_p99_ms: http.latency.p99,
  errors: http.errors + http.timeouts,
  non_2xx: http.non2xx,
  requests_per_s_cache_off: round(httpUncached.requests.average, 0),
  http_latency_p50_ms_cache_off: httpUncached.latency.p50,
  errors_cache_off: httpUncached.errors + httpUncached.timeouts,
  non_2xx_cache_off: httpUncached.non2xx,
  /** GET /health on the same server process just before: the ceiling of HTTP itself under the same load. */
  health_requests_per_s: round(health.requests.average, 0),
  /** The server's CPU time per uncached search and per /health (the cache-off process): other processes sway it less than req/s. */
  server_cpu_ms_per_search_cache_off: round(cpuPerSearch, 3),
  server_cpu_ms_per_health_cache_off: round(cpuPerHealth, 3),
  conditions: {
    sites: siteCount,
    queries: queryCount,
    seed,
    matches_per_query_p50: percentile(counts, 50),
    matches_per_query_p95: percentile(counts, 95),
    http_connections: Number(values.connections),
    http_duration_s: Number(values.duration),
    database: postgres ? `postgres (${postgres.describe})` : 'sqlite',
    database_build_s: buildSeconds,
    ...(postgres ? { postgres_copy_s: copySeconds } : {}),
    cpus: os.cpus().length,
    loadavg_at_end: os.loadavg().map((l) => round(l)),
    node: process.version,
    date: new Date().toISOString(),
  },
};
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(
  postgres ? 'bench/results/map.postgres.json' : 'bench/results/map.json',
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(JSON.stringify(out, null, 2));
await postgres?.stop();
