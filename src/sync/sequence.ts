import { ResultCode } from '../../sync/codes.ts';
import type { PushResponse } from '../../sync/protocol.ts';
import type { LocalDb, OutboxEntry } from '../db/db.ts';

/**
 * The numbers the outbox is pushed under (protocol 4, docs/sync.md "Protocol"). The server
 * applies only `last_seq + 1`, answers a used number only from its record of the same
 * mutation, and stops at anything else. So the device numbers its entries itself, apart from
 * the store's keys (which skip: another member's changes, entries refused before sending):
 *
 * - an entry gets its number just before it is first sent, right after the highest number
 *   in use or reported by the server, and keeps it while it may have been processed;
 * - when an answer leaves sent entries without a result, every waiting entry numbered above
 *   the answer's `last_seq` is numbered again from `last_seq + 1`, and sent again.
 *
 * Why renumbering cannot apply a mutation twice: the server processes a client's numbers one
 * after the other and never skips one, so an answer's `last_seq` = L means no number above L
 * had been processed when the answer was made. Pushes of one store run one at a time (the
 * engine holds a lock across tabs), so nothing was sent between that answer and the
 * renumbering: an entry numbered above L has not been processed under its number, and may
 * take another. An entry at or below L is never renumbered: if the server answered it, it is
 * done; if it did not (its record holds another mutation, or is no longer kept), the device
 * cannot tell whether it was applied, so it is shown as not accepted (nothing silently lost,
 * nothing sent twice). Numbers are stored before a push is sent, so a push whose answer was
 * lost is sent again under the same numbers and answered from the server's records.
 */

/** The first protocol whose entries carry their own push number. */
const NUMBERED_SINCE = 4;

/** What this device knows of its client's sequence, kept in `syncMeta` under `sequence`. */
export interface SequenceState {
  client_id: string;
  /** The highest `last_seq` the server reported for this client, in a push or pull answer. */
  server_seq: number;
  /** The highest number given to an entry. */
  assigned_seq: number;
  /**
   * Every entry numbered up to here has had its answer: refusals are stored on the entry, so
   * one still waiting was accepted and only waits for the pull that includes it.
   */
  answered_seq: number;
}

const KEY = 'sequence';

/**
 * The number an entry is pushed under; null before it is first sent. Entries queued under
 * protocol 3 or earlier were sent under their store key, so that is their number: one the
 * server processed is answered from its record rather than applied again.
 */
export function numberOf(entry: OutboxEntry): number | null {
  if (entry.push_seq !== undefined) return entry.push_seq;
  return (entry.protocol_version ?? 0) < NUMBERED_SINCE ? (entry.seq ?? null) : null;
}

/** Sorts entries that all have their numbers by number. */
const byNumber = (a: OutboxEntry, b: OutboxEntry) => (numberOf(a) as number) - (numberOf(b) as number);

export function isWaitingToSend(entry: OutboxEntry): boolean {
  return entry.status === 'pending' || entry.status === 'sending';
}

/** The stored state when it belongs to this client id; null when it must be learned first. */
export async function readSequence({
  db,
  clientId,
}: {
  db: LocalDb;
  clientId: string;
}): Promise<SequenceState | null> {
  const state = (await db.syncMeta.get(KEY))?.value as SequenceState | undefined;
  return state?.client_id === clientId ? state : null;
}

/** The raw stored state, parked and restored with its client id on a member switch. */
export async function storedSequence(db: LocalDb): Promise<unknown> {
  return (await db.syncMeta.get(KEY))?.value;
}

export async function restoreSequence({ db, state }: { db: LocalDb; state: unknown }): Promise<void> {
  if (state !== undefined) await db.syncMeta.put({ key: KEY, value: state });
}

/**
 * Starts the state of a client whose server `last_seq` is known (0 for a new client id):
 * numbers already carried by the outbox (entries of an older app) count as given.
 */
export async function startSequence({
  db,
  clientId,
  serverSeq,
}: {
  db: LocalDb;
  clientId: string;
  serverSeq: number;
}): Promise<SequenceState> {
  return db.transaction('rw', [db.outbox, db.syncMeta], async () => {
    let assigned = 0;
    await db.outbox.each((entry) => {
      assigned = Math.max(assigned, numberOf(entry) ?? 0);
    });
    const state: SequenceState = {
      client_id: clientId,
      server_seq: serverSeq,
      assigned_seq: assigned,
      answered_seq: 0,
    };
    await db.syncMeta.put({ key: KEY, value: state });
    return state;
  });
}

/** A pull page's `last_seq`: the server is at least there. */
export async function noteServerSeq({
  db,
  clientId,
  lastSeq,
}: {
  db: LocalDb;
  clientId: string;
  lastSeq: number;
}): Promise<void> {
  // Read and written in one transaction, touching server_seq alone: a push in another tab may
  // be giving numbers meanwhile, and what it stores must not be written back stale.
  await db.transaction('rw', db.syncMeta, async () => {
    const state = await readSequence({ db, clientId });
    if (state && lastSeq > state.server_seq) {
      await db.syncMeta.update(KEY, { value: { ...state, server_seq: lastSeq } });
    }
  });
}

/**
 * Gives each entry about to be sent for the first time the next number, in order, and stores
 * them before anything is sent. Returns the entries with their numbers.
 */
export async function numberEntries({
  db,
  clientId,
  entries,
}: {
  db: LocalDb;
  clientId: string;
  entries: OutboxEntry[];
}): Promise<OutboxEntry[]> {
  if (entries.every((e) => numberOf(e) !== null)) return entries;
  return db.transaction('rw', [db.outbox, db.syncMeta], async () => {
    const state = await readSequence({ db, clientId });
    if (!state) throw new Error('push numbers asked before the sequence is known');
    let next = Math.max(state.server_seq, state.assigned_seq);
    const numbered = entries.map((e) => (numberOf(e) === null ? { ...e, push_seq: ++next } : e));
    // Written whole (not read back and updated: half the work on a long outbox). They are as
    // read for this push; the lock and the client id above keep other writers away.
    await db.outbox.bulkPut(numbered.filter((e, i) => e !== entries[i]));
    await db.syncMeta.put({ key: KEY, value: { ...state, assigned_seq: next } });
    return numbered;
  });
}

export interface Settled {
  /** Store keys and numbers of entries the server applied or kept as a conflict. */
  accepted: Array<[key: number, seq: number]>;
  /** Mutation ids of sent entries that are done: answered, or refused on the device here. */
  done: Set<string>;
  /** Whether sending again can get further: something was answered, refused or renumbered. */
  progress: boolean;
  /**
   * The server is behind what this device had counted as answered (it was restored from a
   * backup): entries counted as accepted may have to be sent again.
   */
  rewound: boolean;
}

/**
 * Takes a push answer into the store in one transaction: refusals, the client's sequence,
 * entries left unanswered at or below `last_seq` refused (see above), and the renumbering of
 * those above it.
 */
export async function settleAnswer({
  db,
  clientId,
  sent,
  response,
  unconfirmed,
}: {
  db: LocalDb;
  clientId: string;
  sent: OutboxEntry[];
  response: PushResponse;
  /** The message of an entry the server processed something else (or nothing it still knows) under. */
  unconfirmed: string;
}): Promise<Settled> {
  return db.transaction('rw', [db.outbox, db.syncMeta], async () => {
    const settled: Settled = { accepted: [], done: new Set(), progress: false, rewound: false };
    const state = await readSequence({ db, clientId });
    // Another member signed in meanwhile: their outbox is another client's. The parked entries
    // are sent again when their member is back, and answered from the records.
    if (!state) return settled;
    const lastSeq = response.last_seq;
    if (lastSeq < state.answered_seq || lastSeq < state.server_seq) {
      settled.rewound = true;
      settled.progress = true;
    }
    const byId = new Map(sent.map((e) => [e.mutation_id, e]));
    for (const result of response.results) {
      const entry = byId.get(result.id);
      if (!entry || numberOf(entry) !== result.seq) continue;
      settled.done.add(entry.mutation_id);
      settled.progress = true;
      if (result.status === 'rejected') {
        await db.outbox.update(entry.seq as number, {
          status: 'rejected',
          error_code: result.code,
          error_msg: result.msg,
          result: result.data,
        });
      } else {
        settled.accepted.push([entry.seq as number, result.seq]);
      }
    }
    const unanswered = sent.filter((e) => !settled.done.has(e.mutation_id)).sort(byNumber);
    // The server stopped here. Those after it were not looked at: sent again, they get answers.
    const stoppedAt = unanswered[0];
    if (stoppedAt && (numberOf(stoppedAt) as number) <= lastSeq) {
      await db.outbox.update(stoppedAt.seq as number, {
        status: 'rejected',
        error_code: ResultCode.apiError,
        error_msg: unconfirmed,
      });
      settled.done.add(stoppedAt.mutation_id);
      settled.progress = true;
    }
    let assigned = state.assigned_seq;
    if (unanswered.some((e) => (numberOf(e) as number) > lastSeq)) {
      const above = (await db.outbox.toArray()).filter(
        (e) => isWaitingToSend(e) && (numberOf(e) ?? 0) > lastSeq,
      );
      const renumbered = above
        .map((e, i) => ({ key: e.seq as number, changes: { push_seq: lastSeq + 1 + i } }))
        .filter((change, i) => numberOf(above[i] as OutboxEntry) !== change.changes.push_seq);
      await db.outbox.bulkUpdate(renumbered);
      assigned = lastSeq + above.length;
      if (renumbered.length > 0) settled.progress = true;
    }
    // Answered up to the last of the sent entries that are all done; those the server did not
    // look at (after where it stopped) are asked again, even when numbered below last_seq.
    let answered = state.answered_seq;
    for (const entry of [...sent].sort(byNumber)) {
      if (!settled.done.has(entry.mutation_id)) break;
      answered = Math.max(answered, numberOf(entry) as number);
    }
    await db.syncMeta.put({
      key: KEY,
      value: {
        ...state,
        // The answer is where the server is, even below what it said before (restored from a backup).
        server_seq: lastSeq,
        assigned_seq: assigned,
        // Never above the server: after a restore, numbers below what was answered come again.
        answered_seq: Math.min(answered, lastSeq),
      } satisfies SequenceState,
    });
    return settled;
  });
}

/**
 * The server is at `lastSeq`, behind what this device counted as answered or reported (it was
 * restored from a backup taken before it processed those numbers). Entries still waiting and
 * numbered above it, accepted ones included (their effect was lost with the server's data),
 * are numbered again from `lastSeq + 1` in their order and will be sent again; the sequence
 * starts over from there. Safe for the reason renumbering is (see above): the server never
 * skips a number, so it processed none above `lastSeq`. Returns whether anything changed.
 */
export async function rewindSequence({
  db,
  clientId,
  lastSeq,
}: {
  db: LocalDb;
  clientId: string;
  lastSeq: number;
}): Promise<boolean> {
  return db.transaction('rw', [db.outbox, db.syncMeta], async () => {
    const state = await readSequence({ db, clientId });
    if (!state || (lastSeq >= state.server_seq && lastSeq >= state.answered_seq)) return false;
    const above = (await db.outbox.toArray()).filter(
      (e) => isWaitingToSend(e) && (numberOf(e) ?? 0) > lastSeq,
    );
    await db.outbox.bulkUpdate(
      above.map((e, i) => ({ key: e.seq as number, changes: { push_seq: lastSeq + 1 + i } })),
    );
    await db.syncMeta.put({
      key: KEY,
      value: {
        ...state,
        server_seq: lastSeq,
        assigned_seq: lastSeq + above.length,
        answered_seq: Math.min(state.answered_seq, lastSeq),
      } satisfies SequenceState,
    });
    return true;
  });
}
