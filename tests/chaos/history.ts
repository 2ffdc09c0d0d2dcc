import type { OutboxEntry } from '../../src/db/db.ts';
import type { Snapshot } from './device.ts';
import { type Expectation, expectationsOf } from './expectations.ts';

/**
 * The recorded history of a chaos run and the checks that run while it is recorded: every
 * write the app showed as saved or waiting (with a unique marker when its effect can be counted
 * on the server), every online action and its answer, what each device showed and when, the
 * faults, and the anomalies found. Read-your-writes and monotonic reads are checked on each
 * snapshot; exactly-once, charging, convergence and stalls at checkpoints and at the end
 * (checker.ts, convergence.ts, checkpoint.ts).
 */

export const anomalyKinds = [
  /** A write shown as saved or waiting that the server never applied and the device no longer shows. */
  'lost',
  /** Refused by the server but never shown to its member as refused. */
  'silentlyDropped',
  /** The server applied a write's effect more than once. */
  'appliedTwice',
  /** The device shows an outcome that differs from the server's record. */
  'wrongOutcome',
  /** The device could not tell whether the server applied a write ("could not confirm"). */
  'unconfirmed',
  /** Points or a purchase charged twice, or a ledger whose balances do not add up. */
  'chargedTwice',
  /** After every device synced, a device's rows differ from the server's for its member's scope. */
  'divergence',
  /** A waiting or just-made write is not shown by its device. */
  'readYourWrites',
  /** A device showed an older version of a row after a newer one. */
  'monotonicReads',
  /** An outbox entry reached no outcome within the bound after the device's link came back. */
  'stalledOutbox',
  /** The app threw where it should not (a bug surfacing as an exception). */
  'appError',
] as const;
export type AnomalyKind = (typeof anomalyKinds)[number];

export interface Anomaly {
  kind: AnomalyKind;
  device: number | null;
  at: number;
  detail: string;
}

export interface WriteRecord {
  device: number;
  memberIdx: number;
  mutationId: string;
  name: string;
  args: Record<string, unknown>;
  /** When the app showed it as saved (waiting), ms since the run began. */
  at: number;
  /** Wall-clock time it was made, for the stall bound. */
  madeAt: number;
  /** A text only this write carries, to count its effect on the server. */
  marker?: string;
  /** The device showed it refused (code and message). */
  shownRefused?: { code: number | undefined; msg: string | undefined; at: number };
}

export interface OnlineRecord {
  device: number;
  memberIdx: number;
  kind: string;
  at: number;
  outcome: 'ok' | 'refused' | 'network';
  detail: string;
  /** A purchase's idempotency key and whether the app was told it succeeded. */
  purchaseKey?: string;
}

export interface LogLine {
  at: number;
  text: string;
}

export class History {
  readonly startedAt = Date.now();
  readonly writes = new Map<string, WriteRecord>();
  readonly online: OnlineRecord[] = [];
  readonly log: LogLine[] = [];
  readonly anomalies: Anomaly[] = [];
  readonly opsByKind: Record<string, number> = {};
  readonly faultsByKind: Record<string, number> = {};
  /** How device crashes landed: inside a read-write transaction, or on an idle device. */
  readonly crashes = { insideTransaction: 0, idle: 0 };
  /** Per device and site: the highest site version shown. */
  private readonly versions = new Map<string, number>();
  /** Per device and inbox row: shown read. */
  private readonly readShown = new Set<string>();
  /** Per device and site: memos shown, by the index of the write that made them, for the end. */
  readonly memoShown: Array<{ device: number; site: number; memo: string; at: number }> = [];
  /** Conflict rows each device showed. */
  readonly conflictsShown = new Map<number, Set<number>>();

  now(): number {
    return Date.now() - this.startedAt;
  }

  note(text: string): void {
    this.log.push({ at: this.now(), text });
  }

  flag({ kind, device, detail }: { kind: AnomalyKind; device: number | null; detail: string }): void {
    // One line per distinct finding: a broken invariant seen on every snapshot is one anomaly.
    if (this.anomalies.some((a) => a.kind === kind && a.device === device && a.detail === detail)) return;
    this.anomalies.push({ kind, device, at: this.now(), detail });
    this.note(`ANOMALY ${kind}${device === null ? '' : ` on device ${device}`}: ${detail}`);
  }

  countOp(kind: string): void {
    this.opsByKind[kind] = (this.opsByKind[kind] ?? 0) + 1;
  }

  countFault(kind: string): void {
    this.faultsByKind[kind] = (this.faultsByKind[kind] ?? 0) + 1;
  }

  recordWrite({
    device,
    memberIdx,
    entry,
    marker,
  }: {
    device: number;
    memberIdx: number;
    entry: OutboxEntry;
    marker?: string;
  }): WriteRecord {
    const record: WriteRecord = {
      device,
      memberIdx,
      mutationId: entry.mutation_id,
      name: entry.name,
      args: entry.args as Record<string, unknown>,
      at: this.now(),
      madeAt: Date.now(),
      ...(marker ? { marker } : {}),
    };
    this.writes.set(record.mutationId, record);
    this.note(`device ${device} queued ${entry.name} ${shortArgs(entry)}`);
    return record;
  }

  recordOnline(record: Omit<OnlineRecord, 'at'>): void {
    this.online.push({ ...record, at: this.now() });
    this.note(`device ${record.device} ${record.kind}: ${record.outcome} ${record.detail}`);
  }

  /** What a snapshot shows, checked against the writes it must show and the reads before it. */
  onSnapshot(s: Snapshot): void {
    for (const entry of s.outbox) {
      const record = this.writes.get(entry.mutation_id);
      if (record && entry.status === 'rejected' && !record.shownRefused) {
        record.shownRefused = { code: entry.error_code, msg: entry.error_msg, at: this.now() };
      }
    }
    const shown = this.conflictsShown.get(s.device) ?? new Set<number>();
    for (const key of s.conflicts.keys()) shown.add(key);
    this.conflictsShown.set(s.device, shown);
    this.checkMonotonic(s);
    this.checkReadYourWrites(s);
    for (const [site, memo] of s.memos) this.memoShown.push({ device: s.device, site, memo, at: this.now() });
  }

  private checkMonotonic(s: Snapshot): void {
    for (const [site, row] of s.sites) {
      if (row.version === undefined) continue;
      const key = `${s.device}|${site}`;
      const before = this.versions.get(key);
      if (before !== undefined && row.version < before) {
        this.flag({
          kind: 'monotonicReads',
          device: s.device,
          detail: `site ${site} shown at version ${row.version} after version ${before} (${s.reason})`,
        });
      }
      this.versions.set(key, Math.max(before ?? 0, row.version));
    }
    for (const [idx, row] of s.inbox) {
      const key = `${s.device}|${idx}`;
      if (row.f_read === 'Y') this.readShown.add(key);
      else if (this.readShown.has(key)) {
        this.flag({
          kind: 'monotonicReads',
          device: s.device,
          detail: `notification delivery ${idx} shown unread after it was shown read (${s.reason})`,
        });
      }
    }
  }

  /**
   * Every key's latest waiting write (pending, sent, or accepted and not yet pulled back) is
   * what the device shows. A key whose latest write was refused is not checked: its undo shows
   * at the end of the next pull.
   */
  private checkReadYourWrites(s: Snapshot): void {
    const latest = new Map<string, { entry: OutboxEntry; expectation: Expectation }>();
    for (const entry of [...s.outbox].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      for (const expectation of expectationsOf(entry)) latest.set(expectation.key, { entry, expectation });
    }
    for (const { entry, expectation } of latest.values()) {
      if (entry.status === 'rejected') continue;
      const holds = expectation.holds(s);
      if (holds === false) {
        this.flag({
          kind: 'readYourWrites',
          device: s.device,
          detail: `${entry.name} waiting (${entry.status}) but not shown: ${expectation.describe} (${s.reason})`,
        });
      }
    }
  }
}

function shortArgs(entry: OutboxEntry): string {
  const text = JSON.stringify(entry.args);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
