import type { OutboxEntry } from '../../src/db/db.ts';
import { sameValue } from '../../sync/site-fields.ts';
import { localSiteIdx } from '../../sync/sites/local-site.ts';
import type { Snapshot } from './device.ts';

/**
 * The recorded history of a chaos run and the checks that run while it is recorded: every
 * write the app showed as saved or waiting (with a unique marker when its effect can be counted
 * on the server), every online action and its answer, what each device showed and when, the
 * faults, and the anomalies found. Read-your-writes and monotonic reads are checked on each
 * snapshot; exactly-once, charging, convergence and stalls at checkpoints and at the end
 * (checker.ts).
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

/** The key a write shows itself under: the latest waiting write of a key must be visible. */
interface Expectation {
  key: string;
  holds: (s: Snapshot) => boolean | null;
  describe: string;
}

export class History {
  readonly startedAt = Date.now();
  readonly writes = new Map<string, WriteRecord>();
  readonly online: OnlineRecord[] = [];
  readonly log: LogLine[] = [];
  readonly anomalies: Anomaly[] = [];
  readonly opsByKind: Record<string, number> = {};
  readonly faultsByKind: Record<string, number> = {};
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

/** The site columns a saveSite sets on the device's row, besides lists (compared on their own). */
const LIST_FIELDS = new Set(['dongs', 'contacts', 'rooms']);

/** What a waiting write must make the device show, per key it writes. */
export function expectationsOf(entry: OutboxEntry): Expectation[] {
  const a = entry.args as Record<string, unknown>;
  switch (entry.name) {
    case 'setLikeSite': {
      const site = a.site_idx as number;
      const liked = a.like_status === 'Y';
      return [
        {
          key: `likes|${site}`,
          holds: (s) => s.likes.has(site) === liked,
          describe: `site ${site} ${liked ? 'liked' : 'not liked'}`,
        },
      ];
    }
    case 'addSiteMemo': {
      const site = a.site_idx as number;
      const memo = (a.memo as string | undefined) ?? '';
      return [
        {
          key: `memos|${site}`,
          holds: (s) => s.memos.get(site) === memo,
          describe: `memo of site ${site} is "${memo}"`,
        },
      ];
    }
    case 'setHideSite':
    case 'setCompleteSite': {
      const site = a.site_idx as number;
      const field = entry.name === 'setHideSite' ? 'f_hidden' : 'f_complete';
      const value = entry.name === 'setHideSite' ? a.hidden_status : a.complete_status;
      return [
        {
          key: `sites|${site}|${field}`,
          // A site that left the device while the write waits has nothing to show it on.
          holds: (s) => {
            const row = s.sites.get(site);
            return row ? (row.row as Record<string, unknown>)[field] === value : null;
          },
          describe: `site ${site} ${field} = ${String(value)}`,
        },
      ];
    }
    case 'saveSiteDraft': {
      const id = a.draft_id as string;
      const changes = (a.changes ?? {}) as Record<string, unknown>;
      return [
        {
          key: `drafts|${id}`,
          holds: (s) => {
            const draft = s.drafts.get(id);
            return draft ? Object.entries(changes).every(([f, v]) => sameValue(draft.payload[f], v)) : false;
          },
          describe: `draft ${id} holds ${Object.keys(changes).join(', ')}`,
        },
      ];
    }
    case 'removeSiteDraft': {
      const id = a.draft_id as string;
      return [{ key: `drafts|${id}`, holds: (s) => !s.drafts.has(id), describe: `draft ${id} removed` }];
    }
    case 'saveSite': {
      const out: Expectation[] = [];
      const draftId = a.draft_id as string | null | undefined;
      if (draftId) {
        out.push({
          key: `drafts|${draftId}`,
          holds: (s) => !s.drafts.has(draftId),
          describe: `draft ${draftId} saved`,
        });
      }
      const siteIdx = a.site_idx as number | null | undefined;
      const site = siteIdx && siteIdx > 0 ? siteIdx : draftId ? localSiteIdx(draftId) : null;
      if (site === null) return out;
      const changes = (a.changes ?? {}) as Record<string, unknown>;
      for (const [field, value] of Object.entries(changes)) {
        if (LIST_FIELDS.has(field)) continue;
        out.push({
          key: `sites|${site}|${field}`,
          holds: (s) => {
            const row = s.sites.get(site);
            // A new site shows under its device index until the pull brings the server's row.
            if (!row) return siteIdx && siteIdx > 0 ? null : false;
            return sameValue((row.row as Record<string, unknown>)[field], value);
          },
          describe: `site ${site} ${field} = ${JSON.stringify(value)}`,
        });
      }
      const dongs = changes.dongs as
        | Array<{ f_dong: string; hos?: Array<Record<string, unknown>> }>
        | undefined;
      if (dongs && siteIdx && siteIdx > 0) {
        out.push({
          key: `units|${site}`,
          holds: (s) => {
            if (!s.sites.has(site)) return null;
            const shown = (s.dongs.get(site) ?? []) as Array<{
              f_dong: string;
              hos?: Array<Record<string, unknown>>;
            }>;
            return dongs.every((d) => {
              const local = shown.find((x) => x.f_dong === d.f_dong);
              return (d.hos ?? []).every((ho) => {
                const unit = local?.hos?.find((h) => h.f_ho === ho.f_ho);
                return unit !== undefined && Object.entries(ho).every(([f, v]) => sameValue(unit[f], v));
              });
            });
          },
          describe: `units of site ${site} as saved`,
        });
      }
      return out;
    }
    case 'setRead': {
      const notify = a.notify_idx as number;
      if (notify === 0) return [];
      return [
        {
          key: `inbox|${notify}`,
          holds: (s) =>
            [...s.inbox.values()].filter((r) => r.f_notify_idx === notify).every((r) => r.f_read === 'Y'),
          describe: `notification ${notify} shown read`,
        },
      ];
    }
    case 'resolveConflict': {
      const conflict = a.conflict_idx as number;
      return [
        {
          key: `conflicts|${conflict}`,
          holds: (s) => !s.conflicts.has(conflict),
          describe: `conflict ${conflict} settled`,
        },
      ];
    }
    default:
      return [];
  }
}
