import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { LocalDb, type OutboxEntry } from '../../src/db/db.ts';
import { checkCharges, checkOutcomes } from '../chaos/checker.ts';
import { differences } from '../chaos/convergence.ts';
import { CrashableIdb } from '../chaos/crashable.ts';
import type { Device, Snapshot } from '../chaos/device.ts';
import { History } from '../chaos/history.ts';
import { FaultProxy } from '../chaos/proxy.ts';
import { generateSchedule } from '../chaos/schedule.ts';
import type { Member } from '../chaos/world.ts';

/**
 * The chaos harness must be able to fail: its checker flags each kind of anomaly it is fed,
 * its link injects the faults it is told to, and its crash loses exactly the open transaction.
 */

const cleanups: Array<() => Promise<void> | void> = [];
let t: TestApp | undefined;
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await t?.close();
  t = undefined;
});

function snapshot(overrides: Partial<Snapshot>): Snapshot {
  return {
    at: 0,
    device: 0,
    reason: 'test',
    sites: new Map(),
    dongs: new Map(),
    likes: new Set(),
    memos: new Map(),
    drafts: new Map(),
    inbox: new Map(),
    conflicts: new Map(),
    outbox: [],
    ...overrides,
  };
}

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    seq: 1,
    mutation_id: 'm-1',
    name: 'setLikeSite',
    args: {},
    status: 'pending',
    created_at: '2026-11-28T00:00:00Z',
    ...overrides,
  };
}

describe('the chaos checker', () => {
  it('flags a waiting write its device does not show, and not one that was refused', () => {
    const history = new History();
    const like = entry({ args: { site_idx: 7, like_status: 'Y' } });
    history.onSnapshot(snapshot({ outbox: [like], likes: new Set([7]) }));
    expect(history.anomalies).toEqual([]);
    history.onSnapshot(snapshot({ outbox: [{ ...like, status: 'rejected' }] }));
    expect(history.anomalies).toEqual([]);
    history.onSnapshot(snapshot({ outbox: [like] }));
    expect(history.anomalies.map((a) => a.kind)).toEqual(['readYourWrites']);
  });

  it('checks only the latest waiting write of a key', () => {
    const history = new History();
    const on = entry({ seq: 1, mutation_id: 'a', args: { site_idx: 7, like_status: 'Y' } });
    const off = entry({ seq: 2, mutation_id: 'b', args: { site_idx: 7, like_status: 'N' } });
    history.onSnapshot(snapshot({ outbox: [off, on] }));
    expect(history.anomalies).toEqual([]);
  });

  it('flags a site shown at an older version after a newer one, and a read notification shown unread again', () => {
    const history = new History();
    const site = (version: number) => ({ version, f_hidden: 'N', f_complete: 'N', row: {} });
    history.onSnapshot(
      snapshot({ sites: new Map([[3, site(10)]]), inbox: new Map([[5, { f_read: 'Y', f_notify_idx: 1 }]]) }),
    );
    history.onSnapshot(snapshot({ sites: new Map([[3, site(12)]]) }));
    expect(history.anomalies).toEqual([]);
    history.onSnapshot(
      snapshot({ sites: new Map([[3, site(11)]]), inbox: new Map([[5, { f_read: 'N', f_notify_idx: 1 }]]) }),
    );
    expect(history.anomalies.map((a) => a.kind)).toEqual(['monotonicReads', 'monotonicReads']);
  });

  it('flags a write that left the outbox without reaching the server, and one refused that its member never saw', async () => {
    t = await createTestApp();
    const history = new History();
    history.recordWrite({ device: 0, memberIdx: 1, entry: entry({ mutation_id: 'never-sent' }) });
    history.recordWrite({ device: 0, memberIdx: 1, entry: entry({ mutation_id: 'refused-quietly' }) });
    t.handle.sqlite
      .prepare(
        "INSERT INTO sync_clients (client_id, f_user_idx, last_seq, created_at, last_seen_at) VALUES ('c', ?, 1, 'x', 'x')",
      )
      .run(await insertUser(t));
    t.handle.sqlite
      .prepare(
        "INSERT INTO sync_mutations (client_id, seq, mutation_id, name, status, code, msg, data, applied_at) VALUES ('c', 1, 'refused-quietly', 'setLikeSite', 'rejected', -1, 'no', NULL, 'x')",
      )
      .run();
    const device = { index: 0, db: { outbox: { toArray: async () => [] } } } as unknown as Device;
    await checkOutcomes({ history, sqlite: t.handle.sqlite, devices: [device] });
    expect(history.anomalies.map((a) => a.kind).sort()).toEqual(['lost', 'silentlyDropped']);
  });

  it('flags a made+ charge taken twice for one post, though the balances add up', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const log = t.handle.sqlite.prepare(
      "INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason, f_memo, f_ref) VALUES (?, 'x', ?, ?, ?, ?, '', ?)",
    );
    log.run(userIdx, 'A', 1000, 1000, 'chaos', null);
    log.run(userIdx, 'U', 100, 900, 'community_made', 'community_made:1');
    // The same post charged a second time.
    log.run(userIdx, 'U', 100, 800, 'community_made', 'community_made:1');
    t.handle.sqlite.prepare('UPDATE users SET f_point = 800 WHERE f_idx = ?').run(userIdx);
    const history = new History();
    const member = { index: 0, idx: userIdx } as Member;
    checkCharges({ history, sqlite: t.handle.sqlite, members: [member] });
    expect(history.anomalies.map((a) => a.detail)).toEqual(['community_made community_made:1 charged twice']);
  });

  it('names every row in which a device differs from the server', () => {
    const device = { sites: { '1': { f_name: 'a' }, '2': { f_name: 'b' } }, dongs: {} };
    const server = { sites: { '1': { f_name: 'A' } }, dongs: { '9': { f_site_idx: 1 } } };
    expect(differences(device, server)).toEqual([
      'sites 1: f_name "a" vs "A"',
      'sites 2: on the device only',
      'dongs 9 (site 1): missing on the device',
    ]);
  });
});

describe('the chaos schedule', () => {
  it('is the same for the same seed and brings every kind of fault in a long run', () => {
    const a = generateSchedule({ seed: 42, devices: 8, seconds: 600 });
    expect(generateSchedule({ seed: 42, devices: 8, seconds: 600 })).toEqual(a);
    expect(generateSchedule({ seed: 43, devices: 8, seconds: 600 })).not.toEqual(a);
    const kinds = new Set(a.events.flatMap((e) => (e.type === 'fault' ? [e.fault] : [])));
    expect(kinds.size).toBe(12);
    expect(a.events.some((e) => e.type === 'checkpoint')).toBe(true);
  });
});

/** A server that counts the requests it gets and answers each with its count. */
async function countingServer() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.end(JSON.stringify({ n: seen.length })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return { seen, port: (server.address() as AddressInfo).port };
}

async function proxyTo(port: number) {
  const proxy = new FaultProxy({ port });
  await proxy.start();
  cleanups.push(() => proxy.close());
  return proxy;
}

describe('the chaos link', () => {
  it('lets a request reach the server and loses its answer', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port);
    proxy.add({ fault: 'inbound', ms: 60_000, seed: 1 });
    await expect(
      fetch(`http://127.0.0.1:${proxy.port}/push`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow();
    expect(server.seen).toEqual(['/push']);
  });

  it('sends a request twice while duplicating and answers once', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port);
    proxy.add({ fault: 'duplicate', ms: 60_000, seed: 1 });
    const res = await fetch(`http://127.0.0.1:${proxy.port}/push`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    await res.text();
    await expect.poll(() => server.seen.length).toBe(2);
  });

  it('swallows a request in a black hole: nothing reaches the server and nothing comes back', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port);
    proxy.add({ fault: 'blackhole', ms: 60_000, seed: 1 });
    const request = fetch(`http://127.0.0.1:${proxy.port}/pull`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(300),
    });
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(server.seen).toEqual([]);
    expect(proxy.stats.blackholed).toBe(1);
  });
});

describe('the chaos crash', () => {
  it('loses the transaction it lands in and keeps what was committed before', async () => {
    const factory = new IDBFactory();
    const db = new LocalDb('crash', { indexedDB: factory, IDBKeyRange });
    const crash = new CrashableIdb(db);
    await db.open();
    await db.likes.put({ f_site_idx: 1, liked_at: 'before' });
    const killed = crash.killMidTransaction({ requests: 1, withinMs: 5_000 });
    const writing = db.transaction('rw', [db.likes, db.memos], async () => {
      await db.likes.put({ f_site_idx: 2, liked_at: 'during' });
      await db.memos.put({ f_site_idx: 2, memo: 'during', memo_images: [], updated_at: 'x' });
    });
    await expect(writing).rejects.toThrow();
    expect(await killed).toEqual(expect.arrayContaining(['likes', 'memos']));
    await expect(db.likes.put({ f_site_idx: 3, liked_at: 'after' })).rejects.toThrow();
    db.close();

    const restarted = new LocalDb('crash', { indexedDB: factory, IDBKeyRange });
    cleanups.push(() => restarted.close());
    expect(await restarted.likes.toArray()).toEqual([{ f_site_idx: 1, liked_at: 'before' }]);
    expect(await restarted.memos.count()).toBe(0);
  });
});
