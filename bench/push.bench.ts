// npm run bench:push — one Web Push to 10,000 subscribed devices, through the real server process
// and a local push service in its own process (bench/push-stub.ts), while a member keeps opening a
// site. Writes bench/results/push.json:
//   deliveries_per_s           deliveries accepted by the push service per second, first to last
//   api_p95_ms_during_fanout   getSiteDetail round trips (client side) started while they went out
// The push is a community post published with push, the way a member sends one: the server queues
// it in the request and its push job delivers the queue.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { hashToken, newToken } from '../server/auth/session.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { Delivery } from '../server/push/push.delivery.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { fakeDevice } from '../server/testing/push-stub.ts';
import { stubTlsCert } from '../server/testing/stub-tls.ts';
import { getSiteDetailCall } from '../sync/api/site-detail.api.ts';
import { API_BASE, Headers } from '../sync/codes.ts';
import { type PushPayload, pushTarget } from '../sync/push/push-target.ts';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const DEVICE_ID = 'bench-device';
const log = (...args: unknown[]) => console.error('[bench:push]', ...args);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

interface StubStats {
  count: number;
  first: number;
  last: number;
  samples: string[];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-push-'));
const children: ChildProcess[] = [];
// However this script ends, the processes it started go with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

// 1. The push service, in its own process.
const stub = spawn(process.execPath, ['--import', 'tsx', 'bench/push-stub.ts'], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
children.push(stub);
const origin = await new Promise<string>((resolve) =>
  stub.once('message', (m) => resolve((m as { origin: string }).origin)),
);
const stats = () =>
  new Promise<StubStats>((resolve) => {
    stub.once('message', (m) => resolve(m as StubStats));
    stub.send('stats');
  });

// 2. The database: the demo data and DEVICES members, each with one subscribed phone.
const dbFile = path.join(dir, 'app.db');
const device = fakeDevice();
{
  const handle = openDatabase({ file: dbFile });
  await migrateToLatest(handle.db);
  const now = new Date();
  seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now, siteCount: 50 });
  const time = now.toISOString();
  const addUser = handle.sqlite.prepare(
    `INSERT INTO users (f_phone, f_affiliation, f_name, f_approval, f_push, f_reg_time)
     VALUES (?, '벤치 공인중개사', '벤치', 'A', 'Y', ?)`,
  );
  const addSubscription = handle.sqlite.prepare(
    `INSERT INTO push_subscriptions (f_user_idx, f_device_id, f_endpoint, f_p256dh, f_auth, f_reg_time)
     VALUES (?, 'phone', ?, ?, ?, ?)`,
  );
  // Each signed in on its phone: pushes go to devices with a live session only.
  const addSession = handle.sqlite.prepare(
    `INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at)
     VALUES (?, ?, 'phone', ?, '2999-01-01T00:00:00.000Z', ?)`,
  );
  handle.sqlite.transaction(() => {
    for (let i = 0; i < DEVICES; i++) {
      const user = Number(addUser.run(`0109${String(i).padStart(7, '0')}`, time).lastInsertRowid);
      addSession.run(user, hashToken(newToken()), time, time);
      addSubscription.run(user, `${origin}/push/bench-${i}`, device.p256dh, device.auth, time);
    }
  })();
  await handle.close();
}
const db = new SQLite(dbFile);
const writer = db.prepare("SELECT f_idx FROM users WHERE f_phone = '01020000001'").pluck().get() as number;
db.prepare(
  "UPDATE users SET f_usage_date = '2999-01-01T00:00:00.000Z', f_point = 1000000 WHERE f_idx = ?",
).run(writer);
const token = newToken();
{
  const now = new Date().toISOString();
  db.prepare(
    'INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(writer, hashToken(token), DEVICE_ID, now, '2999-01-01T00:00:00.000Z', now);
}
const siteIdx = db
  .prepare("SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_status = 'N' ORDER BY f_idx LIMIT 1")
  .pluck()
  .get(writer) as number;
db.close();
log(`${DEVICES} subscribed devices; site ${siteIdx} for the API calls`);

// 3. The server, trusting the local push service's certificate.
const certFile = path.join(dir, 'push-stub-cert.pem');
writeFileSync(certFile, stubTlsCert);
const port = await freePort();
const server = await startServerProcess({
  dir,
  port,
  env: { SEED_DEMO: 'false', NODE_EXTRA_CA_CERTS: certFile },
  stdout: 'inherit',
});
children.push(server);
const base = `http://127.0.0.1:${port}${API_BASE}`;

async function call(pathName: string, body: unknown): Promise<{ code: number; data: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Headers.accessToken]: token,
      [Headers.deviceId]: DEVICE_ID,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: unknown };
  return { ...json, ms: performance.now() - started };
}
const openSite = () => call(getSiteDetailCall.path, { site_idx: siteIdx, save: 'N' });

// 4. The API at rest, for comparison.
const idle: number[] = [];
for (let i = 0; i < 100; i++) {
  const r = await openSite();
  if (r.code !== 0) throw new Error(`getSiteDetail answered ${r.code}`);
  idle.push(r.ms);
}

// 5. The push, and the API while it goes out.
const queuedAt = Date.now();
const published = await call('/community/addCommunity', {
  type: 'R',
  title: '벤치마크 푸시',
  content: '만 대의 기기에 한 번에 보내는 알림입니다.',
  phone: '010-2000-0001',
  agree: 'Y',
  push: 'Y',
});
if (published.code !== 0) throw new Error(`addCommunity answered ${published.code}`);
const postIdx = (published.data as { f_idx: number }).f_idx;
log(`post ${postIdx} published with push in ${round(published.ms)} ms`);

const during: Array<{ at: number; ms: number }> = [];
let done = false;
const caller = (async () => {
  while (!done) {
    const at = Date.now();
    const r = await openSite();
    if (r.code !== 0) throw new Error(`getSiteDetail answered ${r.code}`);
    during.push({ at, ms: r.ms });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
let final: StubStats;
const deadline = Date.now() + 5 * 60 * 1000;
for (;;) {
  final = await stats();
  if (final.count >= DEVICES || Date.now() > deadline) break;
  await new Promise((r) => setTimeout(r, 250));
}
done = true;
await caller;

// 6. What the devices got, and what the server recorded.
const sample = JSON.parse(device.decrypt(Buffer.from(final.samples[0] ?? '', 'base64'))) as PushPayload;
if (sample.title !== '벤치마크 푸시' || sample.url !== pushTarget({ type: 6, idx: postIdx })) {
  throw new Error(`a device decrypted ${JSON.stringify(sample)}`);
}
const states = new SQLite(dbFile, { readonly: true })
  .prepare('SELECT f_state AS state, COUNT(*) AS n FROM push_deliveries GROUP BY f_state')
  .all();
const fanoutMs = final.last - final.first;
const inFanout = during.filter((c) => c.at >= final.first && c.at <= final.last).map((c) => c.ms);
const result = {
  devices: DEVICES,
  delivered: final.count,
  deliveries_per_s: round(final.count / (fanoutMs / 1000)),
  fanout_ms: fanoutMs,
  // Queuing wakes the push job (server/jobs/wake.ts): the first delivery waits only for the commit and one run.
  queue_to_first_delivery_ms: final.first - queuedAt,
  api_p95_ms_during_fanout: round(percentile(inFanout, 95)),
  api_p50_ms_during_fanout: round(percentile(inFanout, 50)),
  api_calls_during_fanout: inFanout.length,
  api_p95_ms_idle: round(percentile(idle, 95)),
  delivery_states: states,
  batch: Delivery.batch,
  concurrency: Delivery.concurrency,
  machine: `${os.cpus().length} cores, node ${process.version}`,
  measured_at: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/push.json', `${JSON.stringify(result, null, 2)}\n`);
for (const child of children) child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
process.exit(final.count >= DEVICES ? 0 : 1);
