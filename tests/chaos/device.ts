import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRng, type Rng } from '../../server/seed/random.ts';
import { NetworkError } from '../../src/api/client.ts';
import { type LocalConflict, LocalDb, type OutboxEntry } from '../../src/db/db.ts';
import { SyncEngine, type SyncEnvironment } from '../../src/sync/engine.ts';
import { syncTables } from '../../src/sync/local-store.ts';
import { createFetchTransport } from '../../src/sync/transport.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import type { PullResponse } from '../../sync/protocol.ts';
import { CrashableIdb } from './crashable.ts';
import type { FaultProxy } from './proxy.ts';
import type { Member } from './world.ts';

/**
 * One agent's phone: the real sync engine on its own IndexedDB (its own fake-indexeddb
 * factory, so nothing is shared with the other devices), reaching the server only through its
 * own faulty link. It can crash in the middle of a transaction and start again from what its
 * store committed, stop gracefully, lose its network, and have its clock off by hours.
 */

/** What the device showed at one moment: read in one transaction, as a screen would. */
export interface Snapshot {
  at: number;
  device: number;
  reason: string;
  sites: Map<number, { version: number | undefined; f_hidden: unknown; f_complete: unknown; row: unknown }>;
  dongs: Map<number, unknown[]>;
  likes: Set<number>;
  memos: Map<number, string>;
  drafts: Map<string, { site_idx: number | null | undefined; payload: Record<string, unknown> }>;
  inbox: Map<number, { f_read: string; f_notify_idx: number }>;
  conflicts: Map<number, LocalConflict>;
  outbox: OutboxEntry[];
}

export interface DeviceEvents {
  /** The device showed something (after an operation, after a sync cycle, on a tick). */
  snapshot: (s: Snapshot) => void;
  log: (text: string) => void;
}

/** A pull page in one line: its changes by kind, with their keys. */
function describePage(page: PullResponse): string {
  const byKind = new Map<string, string[]>();
  for (const c of page.changes) {
    const kind = `${c.t}${c.op === 'del' ? ' del' : ''}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), String(c.key)]);
  }
  const parts = [...byKind].map(
    ([kind, keys]) => `${kind} ${keys.slice(0, 12).join(',')}${keys.length > 12 ? '…' : ''}`,
  );
  return `${parts.join('; ')}${page.more ? ' (more)' : ''}${page.reset ? ' (reset)' : ''} last_seq ${page.last_seq}`;
}

export type RpcResult<T> =
  | { ok: true; data: T }
  | { ok: false; network: true }
  | { ok: false; network: false; code: number; msg: string };

export class Device {
  readonly index: number;
  readonly member: Member;
  readonly proxy: FaultProxy;
  readonly rng: Rng;
  private readonly factory = new IDBFactory();
  private readonly dbName: string;
  private readonly events: DeviceEvents;
  clockOffset: number;
  private onLine = true;
  private readonly listeners = new Map<string, Set<() => void>>();
  engine: SyncEngine | null = null;
  db: LocalDb | null = null;
  private crashable: CrashableIdb | null = null;
  private alive = { value: false };
  /** How many times the device started (1 = never restarted). */
  generation = 0;
  /** Cycles that ended, for the checker's view of progress. */
  cycles = 0;
  private wasSyncing = false;
  /** The member's groups as last seen online (the app keeps them on the device the same way). */
  groups: number[] = [];
  /** The outbox entry the app queued last (the registration store queues through the engine). */
  lastQueued: OutboxEntry | null = null;
  /** Observations run one after another, so what they show is in the order it was shown. */
  private observing: Promise<unknown> = Promise.resolve();

  constructor({
    index,
    member,
    proxy,
    clockOffset,
    events,
    seed,
  }: {
    index: number;
    member: Member;
    proxy: FaultProxy;
    clockOffset: number;
    events: DeviceEvents;
    seed: number;
  }) {
    this.index = index;
    this.member = member;
    this.proxy = proxy;
    this.clockOffset = clockOffset;
    this.events = events;
    this.rng = createRng(seed);
    this.dbName = `chaos-device-${index}`;
  }

  get running(): boolean {
    return this.engine !== null;
  }

  private baseUrl(): string {
    return `http://127.0.0.1:${this.proxy.port}`;
  }

  private environment(): SyncEnvironment {
    return {
      onLine: () => this.onLine,
      visible: () => true,
      listen: (_target, event, handler) => {
        const set = this.listeners.get(event) ?? new Set();
        set.add(handler);
        this.listeners.set(event, set);
        return () => set.delete(handler);
      },
      setTimer: (handler, ms) => setTimeout(handler, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      persist: async () => true,
      now: () => new Date(Date.now() + this.clockOffset),
      random: () => this.rng.next(),
    };
  }

  private emit(event: string): void {
    for (const handler of this.listeners.get(event) ?? []) handler();
  }

  /** What the browser says (navigator.onLine). */
  get browserOnline(): boolean {
    return this.onLine;
  }

  /** The browser's network switch (airplane mode): `online`/`offline` events as a browser fires them. */
  setOnline(online: boolean): void {
    if (this.onLine === online) return;
    this.onLine = online;
    this.emit(online ? 'online' : 'offline');
  }

  /** Starts the app on this device: the store as it was left, the engine bound to its member. */
  async boot(): Promise<void> {
    if (this.engine) return;
    this.generation++;
    const alive = { value: true };
    this.alive = alive;
    const db = new LocalDb(this.dbName, { indexedDB: this.factory, IDBKeyRange });
    const crashable = new CrashableIdb(db);
    await db.open();
    const transport = createFetchTransport({
      baseUrl: this.baseUrl(),
      headers: () => ({
        [Headers.accessToken]: this.member.token,
        [Headers.deviceId]: this.member.deviceId,
        'accept-language': 'en',
      }),
      fetchImpl: (input, init) => {
        // A killed process sends nothing more.
        if (!alive.value) throw new NetworkError();
        return fetch(input, init);
      },
    });
    // Every page and push answer goes into the history: what the device was told, and when.
    const logged: typeof transport = {
      ...transport,
      pull: async (request) => {
        const page = await transport.pull(request);
        if (alive.value && page.changes.length > 0)
          this.events.log(`device ${this.index} pulled ${describePage(page)}`);
        return page;
      },
      push: async (request) => {
        const answer = await transport.push(request);
        if (alive.value) {
          const results = answer.results
            .map((r) => `${r.seq}:${r.status[0]}${r.duplicate ? '(dup)' : ''}`)
            .join(' ');
          this.events.log(`device ${this.index} push answered last_seq ${answer.last_seq} [${results}]`);
        }
        return answer;
      },
    };
    const engine = new SyncEngine({ db, transport: logged, env: this.environment(), batchSize: 50 });
    const mutate = engine.mutate.bind(engine);
    engine.mutate = async (name, input) => {
      this.lastQueued = null;
      const entry = await mutate(name, input);
      this.lastQueued = entry;
      return entry;
    };
    await engine.bindToMember(this.member.idx);
    this.db = db;
    this.crashable = crashable;
    this.engine = engine;
    this.wasSyncing = false;
    engine.subscribe(() => {
      if (this.engine !== engine) return;
      const { syncing, error, online } = engine.status();
      if (this.wasSyncing && !syncing) {
        this.cycles++;
        void this.observe(error === null && online ? 'synced' : 'sync-failed');
      }
      this.wasSyncing = syncing;
    });
    engine.start();
    void this.refreshGroups();
    this.events.log(`device ${this.index} started (generation ${this.generation})`);
  }

  /** kill -9 in the middle of a Dexie transaction: what was not committed is gone, nothing runs on. */
  async crash({ requests, withinMs }: { requests: number; withinMs: number }): Promise<string[] | null> {
    const { engine, db, crashable, alive, generation } = this;
    if (!engine || !db || !crashable) return null;
    const stores = await crashable.killMidTransaction({ requests, withinMs });
    alive.value = false;
    engine.stop();
    // Stopped and started again meanwhile: the new start is not this crash's to end.
    if (this.generation === generation && this.engine === engine) {
      this.engine = null;
      this.db = null;
      this.crashable = null;
    }
    db.close();
    return stores;
  }

  /** A graceful exit: the engine stops, the store closes after its transactions finish. */
  async stop(): Promise<void> {
    const { engine, db } = this;
    if (!engine || !db) return;
    engine.stop();
    this.engine = null;
    this.db = null;
    this.crashable = null;
    this.alive.value = false;
    db.close();
  }

  /** An online call as the app makes it, through this device's link. */
  async rpc<T>(path: string, body: unknown): Promise<RpcResult<T>> {
    if (!this.running || !this.onLine) return { ok: false, network: true };
    try {
      const res = await fetch(`${this.baseUrl()}${API_BASE}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [Headers.accessToken]: this.member.token,
          [Headers.deviceId]: this.member.deviceId,
          'accept-language': 'en',
        },
        body: JSON.stringify(body),
        // The agent gives up on a spinner that never ends.
        signal: AbortSignal.timeout(20_000),
      });
      const envelope = (await res.json()) as { code: number; msg: string; data: T };
      if (envelope.code !== 0) return { ok: false, network: false, code: envelope.code, msg: envelope.msg };
      return { ok: true, data: envelope.data };
    } catch {
      return { ok: false, network: true };
    }
  }

  /** For a stall's diagnosis: the entry, the stored sequence and what the engine holds in memory. */
  async describeOutbox(mutationId: string): Promise<string> {
    const db = this.db;
    const engine = this.engine;
    if (!db || !engine) return 'not running';
    const entry = await db.outbox
      .where('mutation_id')
      .equals(mutationId)
      .first()
      .catch(() => undefined);
    const sequence = (await db.syncMeta.get('sequence'))?.value;
    const inside = engine as unknown as { readFrom: number; accepted: Map<number, number>; running: unknown };
    return JSON.stringify({
      entry: entry && {
        key: entry.seq,
        push_seq: entry.push_seq,
        status: entry.status,
        error: entry.error_msg,
      },
      sequence,
      readFrom: inside.readFrom,
      accepted: entry?.seq !== undefined ? inside.accepted.get(entry.seq) : undefined,
      acceptedCount: inside.accepted.size,
      syncing: inside.running !== null,
      status: engine.status(),
    });
  }

  /** The member's groups, read online; kept as they were when the network is missing. */
  async refreshGroups(): Promise<void> {
    const mine = await this.rpc<{ list: Array<{ f_idx: number }> }>('/group/getMyGroupList', {});
    if (mine.ok) this.groups = mine.data.list.map((g) => g.f_idx);
  }

  /** Reads what the device shows, in one read transaction; null when the device is not running. */
  observe(reason: string): Promise<Snapshot | null> {
    const next = this.observing.then(() => this.read(reason));
    this.observing = next.catch(() => null);
    return next;
  }

  private async read(reason: string): Promise<Snapshot | null> {
    const db = this.db;
    if (!db) return null;
    try {
      const snapshot = await db.transaction('r', syncTables(db), async () => {
        const [sites, dongs, likes, memos, drafts, inbox, conflicts, outbox] = await Promise.all([
          db.sites.toArray(),
          db.dongs.toArray(),
          db.likes.toArray(),
          db.memos.toArray(),
          db.drafts.toArray(),
          db.inbox.toArray(),
          db.conflicts.toArray(),
          db.outbox.toArray(),
        ]);
        const bySite = new Map<number, unknown[]>();
        for (const d of dongs) bySite.set(d.f_site_idx, [...(bySite.get(d.f_site_idx) ?? []), d]);
        return {
          at: Date.now(),
          device: this.index,
          reason,
          sites: new Map(
            sites.map((s) => [
              s.f_idx,
              {
                version: (s as { version?: number }).version,
                f_hidden: s.f_hidden,
                f_complete: s.f_complete,
                row: s,
              },
            ]),
          ),
          dongs: bySite,
          likes: new Set(likes.map((l) => l.f_site_idx)),
          memos: new Map(memos.map((m) => [m.f_site_idx, m.memo])),
          drafts: new Map(
            drafts.map((d) => [
              d.key,
              { site_idx: d.site_idx, payload: (d.payload ?? {}) as Record<string, unknown> },
            ]),
          ),
          inbox: new Map(inbox.map((i) => [i.f_idx, { f_read: i.f_read, f_notify_idx: i.f_notify_idx }])),
          conflicts: new Map(conflicts.map((c) => [c.f_idx, c])),
          outbox,
        } satisfies Snapshot;
      });
      this.events.snapshot(snapshot);
      return snapshot;
    } catch {
      // Killed while reading: a dead screen shows nothing.
      return null;
    }
  }
}
