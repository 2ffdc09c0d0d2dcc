// npm run bench:poke — live pokes through the real server process: BENCH_DEVICES (1,000) members each
// hold the live stream open (GET /api/v1/sync/events); a site shared in a group of 50 of them
// changes; each of the 50 devices pulls when poked. Writes bench/results/poke.json:
//   devices                    streams open
//   group_devices              the devices whose scope holds the site (50)
//   p50_ms, p95_ms             commit of the change → that device's pull answered, over the 50
//   poke_p50_ms, poke_p95_ms   commit of the change → the poke read by the device
//   poked_devices              pokes that reached the other devices (target 0)
//   memory_per_connection_kb   the server's resident memory per idle stream
//   server_rss_mb_before/after resident memory before the streams opened and with them idle

import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashToken, newToken } from '../server/auth/session.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { API_BASE, Headers } from '../sync/codes.ts';
import { LIVE_EVENTS_PATH } from '../sync/live.ts';
import { PROTOCOL_VERSION } from '../sync/protocol.ts';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000);
const GROUP = 50;
const log = (...args: unknown[]) => console.error('[bench:poke]', ...args);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-poke-'));
let server: ChildProcess | null = null;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// 1. The database: demo data, DEVICES members each signed in on one device, a group of the first
// GROUP of them, and a demo site of the first one shared to it.
interface Member {
  userIdx: number;
  token: string;
  deviceId: string;
}
const dbFile = path.join(dir, 'app.db');
const members: Member[] = [];
let siteIdx = 0;
{
  const handle = openDatabase({ file: dbFile });
  await migrateToLatest(handle.db);
  const now = new Date();
  seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now, siteCount: 50 });
  const time = now.toISOString();
  const expires = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const db = handle.sqlite;
  const addUser = db.prepare(
    `INSERT INTO users (f_phone, f_affiliation, f_name, f_approval, f_reg_time)
     VALUES (?, '벤치 공인중개사', '벤치', 'A', ?)`,
  );
  const addSession = db.prepare(
    `INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < DEVICES; i++) {
      const userIdx = Number(addUser.run(`0109${String(i).padStart(7, '0')}`, time).lastInsertRowid);
      const token = newToken();
      const deviceId = `bench-device-${i}`;
      addSession.run(userIdx, hashToken(token), deviceId, time, expires, time);
      members.push({ userIdx, token, deviceId });
    }
    const owner = members[0] as Member;
    const groupIdx = Number(
      db
        .prepare(`INSERT INTO groups (f_name, f_owner_idx, f_reg_time) VALUES ('벤치 팀', ?, ?)`)
        .run(owner.userIdx, time).lastInsertRowid,
    );
    const addMember = db.prepare(
      `INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time) VALUES (?, ?, ?)`,
    );
    for (const member of members.slice(0, GROUP)) addMember.run(groupIdx, member.userIdx, time);
    const site = db
      .prepare(
        `SELECT f_idx FROM sites WHERE f_status = 'N' AND f_hidden = 'N' AND f_site_type = 'O' LIMIT 1`,
      )
      .get() as { f_idx: number };
    siteIdx = site.f_idx;
    db.prepare('UPDATE sites SET f_user_idx = ?, f_group_idx = ? WHERE f_idx = ?').run(
      owner.userIdx,
      groupIdx,
      siteIdx,
    );
  })();
  await handle.close();
}

// 2. The server process, and its memory before any stream.
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
server = await startServerProcess({ dir, port, env: { SEED_DEMO: 'false' } });
/** The server process's resident memory, in kB. */
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server?.pid}/status`, 'utf8'))?.[1] ?? 0);

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
function post<T>(pathName: string, member: Member, body: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${API_BASE}${pathName}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          [Headers.accessToken]: member.token,
          [Headers.deviceId]: member.deviceId,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const envelope = JSON.parse(text) as { code: number; msg: string; data: T };
          if (envelope.code !== 0) reject(new Error(`${pathName}: ${envelope.code} ${envelope.msg}`));
          else resolve(envelope.data);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A device's pull to the end, from its cursor; answers the new cursor. */
async function pullAll(member: Member, cursor: string | null): Promise<string | null> {
  let at = cursor;
  for (;;) {
    const page = await post<{ cursor: string | null; more: boolean }>('/sync/pull', member, {
      protocol_version: PROTOCOL_VERSION,
      client_id: `bench-client-${member.userIdx}`,
      cursor: at,
    });
    at = page.cursor;
    if (!page.more) return at;
  }
}

// The group's devices are current before the change: their next pull reads only what changed.
const cursors = new Map<number, string | null>();
for (const member of members.slice(0, GROUP)) cursors.set(member.userIdx, await pullAll(member, null));
// A settled heap before measuring.
await new Promise((r) => setTimeout(r, 2_000));
const rssBefore = rssKb();

// 3. Every device opens its stream.
const pokedAt = new Map<number, number[]>();
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
let onPoke: (member: Member) => void = () => {};
const requests: http.ClientRequest[] = [];
await Promise.all(
  members.map(
    (member) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          `${origin}${API_BASE}${LIVE_EVENTS_PATH}`,
          {
            agent: streamAgent,
            headers: { [Headers.accessToken]: member.token, [Headers.deviceId]: member.deviceId },
          },
          (res) => {
            res.setEncoding('utf8');
            let buffered = '';
            res.on('data', (chunk: string) => {
              buffered += chunk;
              for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
                const block = buffered.slice(0, end);
                buffered = buffered.slice(end + 2);
                if (block.includes('event: ready')) resolve();
                if (block.includes('event: poke')) {
                  const times = pokedAt.get(member.userIdx) ?? [];
                  times.push(performance.now());
                  pokedAt.set(member.userIdx, times);
                  onPoke(member);
                }
              }
            });
          },
        );
        req.on('error', reject);
        requests.push(req);
      }),
  ),
);
log(`${DEVICES} streams open`);
await new Promise((r) => setTimeout(r, 3_000));
const rssAfter = rssKb();

// 4. The change, committed by another writer (an admin tool, another instance): the site's name.
const pulled: number[] = [];
let committedAt = 0;
const allPulled = new Promise<void>((resolve) => {
  onPoke = (member) => {
    if (!cursors.has(member.userIdx)) return;
    void pullAll(member, cursors.get(member.userIdx) ?? null).then(() => {
      pulled.push(performance.now() - committedAt);
      if (pulled.length === GROUP) resolve();
    });
  };
});
pokedAt.clear();
{
  const handle = openDatabase({ file: dbFile });
  handle.sqlite.prepare("UPDATE sites SET f_name = f_name || ' (변경)' WHERE f_idx = ?").run(siteIdx);
  committedAt = performance.now();
  await Promise.race([allPulled, new Promise((r) => setTimeout(r, 10_000))]);
  // Pokes that would reach other devices come from the same look: a second's margin catches them.
  await new Promise((r) => setTimeout(r, 1_000));
  await handle.close();
}
const pokes = [...cursors.keys()].map((userIdx) => (pokedAt.get(userIdx)?.[0] ?? Number.NaN) - committedAt);
const others = [...pokedAt.keys()].filter((userIdx) => !cursors.has(userIdx)).length;

const result = {
  devices: DEVICES,
  group_devices: GROUP,
  pulled_devices: pulled.length,
  poked_devices: others,
  p50_ms: round(percentile(pulled, 50)),
  p95_ms: round(percentile(pulled, 95)),
  poke_p50_ms: round(percentile(pokes, 50)),
  poke_p95_ms: round(percentile(pokes, 95)),
  load_average_1m: round(os.loadavg()[0] ?? 0, 2),
  memory_per_connection_kb: round((rssAfter - rssBefore) / DEVICES),
  server_rss_mb_before: round(rssBefore / 1024),
  server_rss_mb_after: round(rssAfter / 1024),
  measured_at: new Date().toISOString(),
};
for (const req of requests) req.destroy();
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/poke.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
