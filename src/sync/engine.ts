import * as v from 'valibot';
import type { MutatorInput, MutatorName } from '../../sync/mutators.ts';
import {
  DEFAULT_PULL_LIMIT,
  type MutationEnvelope,
  PROTOCOL_VERSION,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../../sync/protocol.ts';
import { ApiError, NetworkError } from '../api/client.ts';
import type { LocalDb, LocalFile, OutboxEntry } from '../db/db.ts';
import {
  applyChanges,
  forgetPulledData,
  keepShadows,
  loadMutators,
  mutatorOf,
  neededShadows,
  rebase,
  syncTables,
} from './local-store.ts';
import {
  isWaitingToSend,
  noteServerSeq,
  numberEntries,
  numberOf,
  readSequence,
  restoreSequence,
  rewindSequence,
  type SequenceState,
  settleAnswer,
  startSequence,
  storedSequence,
} from './sequence.ts';
import { ProtocolOutdatedError, type SyncTransport } from './transport.ts';

/**
 * The device side of sync (design.md "Sync protocol"). `mutate` applies an operation to the
 * device's store and queues it in the outbox in one transaction; `sync` uploads waiting
 * files, pushes the outbox in order and pulls the feed until it is current. Once started,
 * the engine syncs on start, when the browser comes online, when the page becomes visible,
 * after each mutation, and on a timer that backs off while the server cannot be reached.
 */

export interface SyncStatus {
  /** The browser says it is online and the last attempt reached the server. */
  online: boolean;
  syncing: boolean;
  /** Mutations not yet accepted by the server. */
  pending: number;
  /** Mutations refused for good, kept until the member dismisses them. */
  rejected: number;
  /** Conflicts waiting for the member's choice: of drafts and sites, and of edits of posts, comments and notifications. */
  conflicts: number;
  lastSyncedAt: string | null;
  /** The server speaks a newer protocol: the app must reload (the outbox is kept). */
  outdated: boolean;
  /** Why the last attempt failed, when it did. */
  error: string | null;
  /** When the next attempt is due after a failure (ms since epoch), if one is scheduled. */
  retryAt: number | null;
}

/** What the engine needs from its surroundings; the browser's by default, fakes in tests. */
export interface SyncEnvironment {
  onLine: () => boolean;
  visible: () => boolean;
  listen: (target: 'window' | 'document', event: string, handler: () => void) => () => void;
  setTimer: (handler: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  persist: () => Promise<boolean>;
  now: () => Date;
  random: () => number;
}

export const browserEnvironment: SyncEnvironment = {
  onLine: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  listen: (target, event, handler) => {
    const t = target === 'window' ? globalThis : typeof document === 'undefined' ? null : document;
    if (!t || typeof t.addEventListener !== 'function') return () => {};
    t.addEventListener(event, handler);
    return () => t.removeEventListener(event, handler);
  },
  setTimer: (handler, ms) => setTimeout(handler, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  persist: async () => (await globalThis.navigator?.storage?.persist?.()) ?? false,
  now: () => new Date(),
  random: Math.random,
};

export interface SyncMessages {
  /** A queued mutation refers to an image that is no longer on the device. */
  fileMissing: () => string;
  /** The server cannot say whether it applied this change (src/sync/sequence.ts). */
  unconfirmed: () => string;
}

const defaultMessages: SyncMessages = {
  fileMissing: () => 'The image of this change is missing.',
  unconfirmed: () => 'The server could not confirm this change. Check it and make it again if it is missing.',
};

/** Delays between attempts: quick after a change, slower when idle, backing off on failure. */
export const SyncTiming = {
  afterMutationMs: 50,
  idleMs: 30_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
} as const;

const FIRST_PAGE = 250;

/** A push body stays well under the server's 1 MB limit. */
const MAX_PUSH_BYTES = 600_000;

export class SyncEngine {
  readonly db: LocalDb;
  private readonly transport: SyncTransport;
  private readonly env: SyncEnvironment;
  private readonly protocolVersion: number;
  private readonly batchSize: number;
  private readonly pullLimit: number;
  private readonly messages: SyncMessages;
  private state: SyncStatus = {
    online: true,
    syncing: false,
    pending: 0,
    rejected: 0,
    conflicts: 0,
    lastSyncedAt: null,
    outdated: false,
    error: null,
    retryAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private unlisten: Array<() => void> = [];
  private timer: unknown = null;
  /** When `timer` fires (ms since epoch). */
  private timerDue: number | null = null;
  private failures = 0;
  private clientId: string | null = null;
  /**
   * Entries the server applied (store key → push number), not yet in pulled data: they leave
   * the outbox with that pull.
   */
  private accepted = new Map<number, number>();
  /** Every outbox entry up to this store key is done (answered or refused): reading starts after it. */
  private readFrom = 0;
  private markFirstCycle: () => void = () => {};
  /** Settles when this engine's first sync cycle has ended, whether it reached the server or not. */
  readonly firstCycleEnded: Promise<void> = new Promise((resolve) => {
    this.markFirstCycle = resolve;
  });
  /**
   * A pull answered a `last_seq` below what this device knew of the server: it may have been
   * restored from a backup. The next push asks the server where it is and, if so, sends again
   * what it lost (`rewindSequence`).
   */
  private behindSuspected = false;
  /** Asked once per sync run at most, whatever the answers say. */
  private caughtUp = false;

  constructor({
    db,
    transport,
    env = browserEnvironment,
    protocolVersion = PROTOCOL_VERSION,
    batchSize = 500,
    pullLimit = DEFAULT_PULL_LIMIT,
    messages = defaultMessages,
  }: {
    db: LocalDb;
    transport: SyncTransport;
    env?: SyncEnvironment;
    /** Only tests set it: an engine pretending to be an older app. */
    protocolVersion?: number;
    batchSize?: number;
    pullLimit?: number;
    messages?: SyncMessages;
  }) {
    this.db = db;
    this.transport = transport;
    this.env = env;
    this.protocolVersion = protocolVersion;
    this.batchSize = batchSize;
    this.pullLimit = pullLimit;
    this.messages = messages;
  }

  // --- status --------------------------------------------------------------------------

  status(): SyncStatus {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(patch: Partial<SyncStatus>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Re-reads the counts shown in the header from the store. */
  async refreshCounts(): Promise<void> {
    const [pending, rejected, conflicts, editConflicts, last] = await Promise.all([
      // Only single-key ranges: IndexedDB counts those itself, without walking a cursor.
      this.db.outbox
        .where('status')
        .equals('pending')
        .count()
        .then((n) => n - this.accepted.size),
      this.db.outbox.where('status').equals('rejected').count(),
      this.db.conflicts.count(),
      this.db.editConflicts.count(),
      this.db.syncMeta.get('last_synced_at'),
    ]);
    this.setState({
      pending,
      rejected,
      conflicts: conflicts + editConflicts,
      lastSyncedAt: (last?.value as string | undefined) ?? null,
      online: this.state.online && this.env.onLine(),
    });
  }

  /**
   * Ties the store to the signed-in member. After a forced logout the store is kept for its
   * member; if someone else signs in on this device, the first member's waiting changes (and
   * their install id) are parked aside, the rest of their data is cleared, and both come
   * back when that member signs in here again.
   */
  async bindToMember(userIdx: number): Promise<void> {
    const owner = (await this.db.syncMeta.get('owner'))?.value as number | undefined;
    if (owner === userIdx) return;
    await this.db.transaction('rw', this.db.tables, async () => {
      if (owner !== undefined) {
        const waiting = (await this.db.outbox.toArray()).filter((e) => e.status !== 'confirmed');
        if (waiting.length > 0) {
          const clientId = (await this.db.syncMeta.get('client_id'))?.value;
          const files = await this.db.files.toArray();
          // The client's sequence goes with its id: its numbers go on where they stopped.
          const sequence = await storedSequence(this.db);
          await this.db.syncMeta.put({
            key: `parked:${owner}`,
            value: { clientId, waiting, files, sequence },
          });
        }
        const parked = await this.db.syncMeta.filter((m) => m.key.startsWith('parked:')).toArray();
        await Promise.all(this.db.tables.map((t) => t.clear()));
        await this.db.syncMeta.bulkPut(parked);
      }
      const mine = (await this.db.syncMeta.get(`parked:${userIdx}`))?.value as
        | { clientId: string; waiting: OutboxEntry[]; files: LocalFile[]; sequence?: unknown }
        | undefined;
      if (mine) {
        await this.db.syncMeta.put({ key: 'client_id', value: mine.clientId });
        await restoreSequence({ db: this.db, state: mine.sequence });
        await this.db.outbox.bulkPut(mine.waiting);
        await this.db.files.bulkPut(mine.files);
        await this.db.syncMeta.delete(`parked:${userIdx}`);
      }
      await this.db.syncMeta.put({ key: 'owner', value: userIdx });
    });
    this.clientId = null;
    this.accepted.clear();
    this.readFrom = 0;
    await this.refreshCounts();
  }

  /** This install's id on the server; made once and kept with the store. */
  async getClientId(): Promise<string> {
    if (this.clientId) return this.clientId;
    const stored = await this.db.syncMeta.get('client_id');
    let id = typeof stored?.value === 'string' ? stored.value : null;
    if (!id) {
      id = crypto.randomUUID();
      await this.db.syncMeta.put({ key: 'client_id', value: id });
      // A new id is new to the server too: its sequence starts at 0.
      await startSequence({ db: this.db, clientId: id, serverSeq: 0 });
    }
    this.clientId = id;
    return id;
  }

  // --- mutations -----------------------------------------------------------------------

  /**
   * Applies an operation on the device and queues it, in one transaction: either both
   * happen or neither. Throws (a valibot error) when the arguments are invalid.
   */
  async mutate<N extends MutatorName>(name: N, input: MutatorInput<N>): Promise<OutboxEntry> {
    await loadMutators();
    const mutator = mutatorOf(name);
    if (!mutator) throw new Error(`unknown operation ${name}`);
    const args = v.parse(mutator.args, input);
    const now = this.env.now().toISOString();
    const entry: OutboxEntry = {
      mutation_id: crypto.randomUUID(),
      name,
      // As given, not as parsed: defaults filled in by the schema would only make pushes bigger.
      args: input,
      status: 'pending',
      created_at: now,
      protocol_version: PROTOCOL_VERSION,
    };
    await this.db.transaction('rw', syncTables(this.db), async () => {
      await keepShadows({ db: this.db, keys: mutator.touches(args) });
      await mutator.applyLocal({ db: this.db, args, now });
      entry.seq = await this.db.outbox.add(entry);
    });
    await this.refreshCounts();
    if (this.started) this.schedule(SyncTiming.afterMutationMs);
    return entry;
  }

  /** The member read a rejection: it leaves the list. */
  async dismiss(seq: number): Promise<void> {
    await this.db.transaction('rw', syncTables(this.db), async () => {
      const entry = await this.db.outbox.get(seq);
      if (entry?.status === 'rejected') await this.db.outbox.delete(seq);
    });
    await this.refreshCounts();
  }

  // --- one sync cycle ------------------------------------------------------------------

  /** Pushes everything waiting, then pulls until current. Concurrent calls share one run. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      this.caughtUp = false;
      try {
        do {
          this.again = false;
          await this.cycle();
        } while (this.again && !this.state.outdated);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async cycle(): Promise<void> {
    if (this.state.outdated) return;
    this.setState({ syncing: true });
    try {
      await this.push();
      await this.pull();
      this.failures = 0;
      this.setState({ online: this.env.onLine(), error: null, retryAt: null });
    } catch (err) {
      this.failures++;
      if (err instanceof ProtocolOutdatedError) {
        this.setState({ outdated: true, error: err.message });
      } else if (err instanceof NetworkError) {
        this.setState({ online: false, error: null });
      } else {
        this.setState({ online: true, error: err instanceof Error ? err.message : String(err) });
      }
      throw err;
    } finally {
      this.setState({ syncing: false });
      try {
        await this.refreshCounts();
      } finally {
        this.markFirstCycle();
      }
    }
  }

  /**
   * Sends waiting mutations in order, in batches, each batch after its images are uploaded,
   * numbered as src/sync/sequence.ts says. One push at a time per store, across tabs.
   */
  async push(): Promise<void> {
    const clientId = await this.getClientId();
    if (this.behindSuspected) await oneAtATime(`bunyang-push:${this.db.name}`, () => this.catchUp(clientId));
    // Most cycles only pull: with nothing waiting, no lock and no numbers are needed.
    const waiting = await this.db.outbox.where('status').anyOf('pending', 'sending').first();
    if (!waiting) return;
    // Loaded the first time something waits: a device that only reads never downloads it.
    const { prepareFiles } = await import('./files.ts');
    await oneAtATime(`bunyang-push:${this.db.name}`, async () => {
      for (;;) {
        const batch = await this.nextBatch(await readSequence({ db: this.db, clientId }));
        if (batch.length === 0) return;
        const ready: OutboxEntry[] = [];
        for (const entry of batch) {
          const prepared = await prepareFiles({
            db: this.db,
            transport: this.transport,
            entry,
            messages: this.messages,
          });
          // An entry refused while preparing (its image is gone or unacceptable) is not sent
          // and gets no number; those after it are, so nothing waits behind it.
          if (prepared) ready.push(prepared);
        }
        if (ready.length === 0) continue;
        if (!(await readSequence({ db: this.db, clientId }))) await this.learnSequence(clientId);
        const sent = await numberEntries({ db: this.db, clientId, entries: ready });
        const response = await this.transport.push(this.pushRequest({ clientId, sent }));
        const settled = await settleAnswer({
          db: this.db,
          clientId,
          sent,
          response,
          unconfirmed: this.messages.unconfirmed(),
        });
        for (const [key, seq] of settled.accepted) this.accepted.set(key, seq);
        // Refused while preparing or settled here: reading goes on after the done ones.
        const sentIds = new Set(sent.map((e) => e.mutation_id));
        for (const entry of batch) {
          if (sentIds.has(entry.mutation_id) && !settled.done.has(entry.mutation_id)) break;
          this.readFrom = entry.seq as number;
        }
        if (settled.rewound) {
          // The server is behind entries this device had counted as accepted (it was restored
          // from a backup): they were renumbered with the rest and must be read and sent again.
          this.readFrom = 0;
          for (const [key, seq] of this.accepted) if (seq > response.last_seq) this.accepted.delete(key);
        }
        if (settled.done.size === sent.length) continue;
        // Not all answered: send again what was renumbered, but never spin on the same answer.
        if (!settled.progress) return;
      }
    });
  }

  /**
   * The server answers where it is (an empty push, inside the push lock, so no answer of this
   * device's own is in flight). When it is behind what this device counted as answered, it was
   * restored from a backup: entries it had accepted after the backup are numbered again from
   * its `last_seq` and sent again, as if never sent (docs/sync.md, "Protocol").
   */
  private async catchUp(clientId: string): Promise<void> {
    const answer: PushResponse = await this.transport.push({
      protocol_version: this.protocolVersion,
      client_id: clientId,
      mutations: [],
    } as PushRequest);
    this.behindSuspected = false;
    this.caughtUp = true;
    if (await rewindSequence({ db: this.db, clientId, lastSeq: answer.last_seq })) {
      this.readFrom = 0;
      for (const [key, seq] of this.accepted) if (seq > answer.last_seq) this.accepted.delete(key);
    }
  }

  private pushRequest({ clientId, sent }: { clientId: string; sent: OutboxEntry[] }): PushRequest {
    return {
      protocol_version: this.protocolVersion,
      client_id: clientId,
      mutations: sent.map(
        (e): MutationEnvelope => ({
          seq: numberOf(e) as number,
          id: e.mutation_id,
          name: e.name,
          args: e.args,
          created_at: e.created_at,
        }),
      ),
    } as PushRequest;
  }

  /**
   * A client id from before protocol 4 has no stored sequence: an empty push tells where the
   * server is, so new numbers follow the ones it already processed.
   */
  private async learnSequence(clientId: string): Promise<SequenceState> {
    const answer: PushResponse = await this.transport.push({
      protocol_version: this.protocolVersion,
      client_id: clientId,
      mutations: [],
    } as PushRequest);
    return startSequence({ db: this.db, clientId, serverSeq: answer.last_seq });
  }

  /**
   * The next waiting entries, in order, within the push limits. Entries numbered at or below
   * what the server has answered are not sent again: still waiting, they were accepted (a
   * refusal is stored with its answer) and leave the outbox with the next pull.
   */
  private async nextBatch(sequence: SequenceState | null): Promise<OutboxEntry[]> {
    const answered = sequence?.answered_seq ?? 0;
    for (;;) {
      const rows = await this.db.outbox.where('seq').above(this.readFrom).limit(this.batchSize).toArray();
      if (rows.length === 0) return [];
      const batch: OutboxEntry[] = [];
      let bytes = 0;
      for (const entry of rows) {
        const seq = numberOf(entry);
        const accepted = isWaitingToSend(entry) && seq !== null && seq <= answered;
        if (accepted) this.accepted.set(entry.seq as number, seq);
        if (!isWaitingToSend(entry) || accepted) {
          if (batch.length === 0) this.readFrom = entry.seq as number;
          continue;
        }
        bytes += JSON.stringify(entry.args).length + 200;
        if (batch.length > 0 && bytes > MAX_PUSH_BYTES) break;
        batch.push(entry);
      }
      if (batch.length > 0) return batch;
    }
  }

  /**
   * Pulls pages until the server has no more. Each page is applied with its cursor in one
   * transaction; after the last one, mutations the data now includes leave the outbox and
   * the rows they touched are rebuilt (rebase).
   */
  async pull({ onPage }: { onPage?: (page: PullResponse) => void } = {}): Promise<void> {
    // The operations' declarations (needed to write a page: shadows, rebase) load while the
    // first page crosses the link, not before it is asked for.
    const mutatorsLoaded = loadMutators();
    mutatorsLoaded.catch(() => undefined);
    const clientId = await this.getClientId();
    const fetchPage = (cursor: string | null) => {
      const request = {
        protocol_version: this.protocolVersion,
        client_id: clientId,
        cursor,
        // A small first page gets the pipeline going: the next is fetched while it is written.
        limit: cursor === null ? Math.min(FIRST_PAGE, this.pullLimit) : this.pullLimit,
      } as PullRequest;
      const page = this.transport.pull(request);
      // Awaited later; until then a failure must not count as unhandled.
      page.catch(() => undefined);
      return page;
    };
    let next = fetchPage(
      ((await this.db.syncMeta.get('cursor'))?.value as string | null | undefined) ?? null,
    );
    for (;;) {
      const page = await next;
      // The next page is already on its way while this one is written.
      if (page.more) next = fetchPage(page.cursor);
      await mutatorsLoaded;
      await this.db.transaction('rw', syncTables(this.db), async () => {
        // On the last page, mutations the data now includes leave first, so rows only they
        // had changed take the pulled value straight away.
        let keep: Set<string> | undefined;
        if (!page.more) {
          const known = await readSequence({ db: this.db, clientId });
          const behind = known && (page.last_seq < known.server_seq || page.last_seq < known.answered_seq);
          if (behind && !this.caughtUp) {
            // Behind what this device was told: a restored server, or a pull read before another
            // tab's push was answered. The next push asks (catchUp); this sync goes round again.
            this.behindSuspected = true;
            this.again = true;
          }
          await noteServerSeq({ db: this.db, clientId, lastSeq: page.last_seq });
          await this.dropConfirmed({ lastSeq: page.last_seq });
          keep = await neededShadows(this.db);
        }
        if (page.reset) await forgetPulledData(this.db);
        await applyChanges({ db: this.db, changes: page.changes, ...(keep ? { keep } : {}) });
        await this.db.syncMeta.put({ key: 'cursor', value: page.cursor });
        if (!page.more) await this.finishCycle();
      });
      onPage?.(page);
      if (!page.more) return;
    }
  }

  private async dropConfirmed({ lastSeq }: { lastSeq: number }): Promise<void> {
    const done = [...this.accepted].filter(([, seq]) => seq <= lastSeq).map(([key]) => key);
    const stored = (await this.db.outbox.where('status').equals('confirmed').toArray())
      .filter((e) => (numberOf(e) ?? Number.POSITIVE_INFINITY) <= lastSeq)
      .map((e) => e.seq as number);
    if (done.length + stored.length > 0) await this.db.outbox.bulkDelete([...done, ...stored]);
    for (const key of done) this.accepted.delete(key);
  }

  private async finishCycle(): Promise<void> {
    const now = this.env.now().toISOString();
    await rebase({ db: this.db, now });
    await this.forgetUnusedFiles();
    await this.db.syncMeta.put({ key: 'last_synced_at', value: now });
  }

  /** Uploaded images no queued mutation refers to any more are dropped from the device. */
  private async forgetUnusedFiles(): Promise<void> {
    const uploaded = await this.db.files.filter((f) => f.uploaded_url !== null).toArray();
    if (uploaded.length === 0) return;
    const used = JSON.stringify(await this.db.outbox.toArray());
    const unused = uploaded.filter((f) => !used.includes(f.id)).map((f) => f.id);
    if (unused.length > 0) await this.db.files.bulkDelete(unused);
  }

  // --- scheduling ----------------------------------------------------------------------

  /** Starts syncing on its own: now, on `online`, on becoming visible, after changes, on a timer. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.env.persist().catch(() => false);
    const kick = () => this.schedule(0);
    this.unlisten = [
      this.env.listen('window', 'online', () => {
        this.failures = 0;
        this.setState({ online: true });
        kick();
      }),
      this.env.listen('window', 'offline', () => this.setState({ online: false })),
      this.env.listen('document', 'visibilitychange', () => {
        if (this.env.visible()) kick();
      }),
    ];
    void this.refreshCounts();
    kick();
  }

  /**
   * Syncs shortly when something outside the outbox changed what this device should hold:
   * a site viewed online enters the member's recently viewed, so it is kept for offline use.
   */
  syncSoon(): void {
    this.schedule(SyncTiming.afterMutationMs);
  }

  stop(): void {
    this.started = false;
    // Signing out clears the store, and with it this install's id: the next member gets a new one.
    this.clientId = null;
    this.accepted.clear();
    this.readFrom = 0;
    for (const off of this.unlisten) off();
    this.unlisten = [];
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
    this.timerDue = null;
  }

  /** The delay before the next attempt after `failures` failed ones in a row. */
  backoffMs(failures: number): number {
    if (failures === 0) return SyncTiming.idleMs;
    const ceiling = Math.min(SyncTiming.backoffMaxMs, SyncTiming.backoffBaseMs * 2 ** (failures - 1));
    // Jitter keeps many devices coming back online from arriving all at once.
    return Math.round(ceiling * (0.5 + this.env.random() * 0.5));
  }

  /**
   * Sets the next attempt `ms` from now, unless one is due sooner: a sync that ends schedules its
   * next one (the idle wait or a backoff), and that must not push back a change made while it
   * ran (its attempt 50 ms after the change), which would then wait for the idle sync.
   */
  private schedule(ms: number): void {
    if (!this.started || this.state.outdated) return;
    const due = this.env.now().getTime() + ms;
    if (this.timer !== null && this.timerDue !== null && this.timerDue <= due) return;
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timerDue = due;
    this.timer = this.env.setTimer(() => {
      this.timer = null;
      this.timerDue = null;
      void this.runScheduled();
    }, ms);
  }

  private async runScheduled(): Promise<void> {
    if (!this.started) return;
    if (!this.env.onLine()) {
      this.setState({ online: false });
      this.schedule(SyncTiming.idleMs);
      return;
    }
    try {
      await this.sync();
    } catch (err) {
      // A sync cut short by stop() (sign-out, the store closing) is expected to fail.
      const expected =
        err instanceof NetworkError || err instanceof ApiError || err instanceof ProtocolOutdatedError;
      if (!expected && this.started) console.error('sync failed', err);
    }
    if (this.state.outdated) return;
    const delay = this.backoffMs(this.failures);
    this.setState({ retryAt: this.failures > 0 ? this.env.now().getTime() + delay : null });
    this.schedule(delay);
  }
}

/**
 * Runs `work` while no other tab of the app pushes from the same store (Web Locks), so an
 * answer is always read against the numbers it was sent with. Where there are no locks
 * (tests in Node) there is only one engine per store.
 */
function oneAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, work) : work();
}
