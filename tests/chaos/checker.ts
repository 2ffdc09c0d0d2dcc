import type SQLite from 'better-sqlite3';
import type { Device } from './device.ts';
import type { History, WriteRecord } from './history.ts';
import type { Member } from './world.ts';

/**
 * The checks over the whole recorded history, run against the server's database (opened
 * read-only) and each device's store once every device has synced:
 * - every write shown as saved or waiting was applied exactly once, or shown refused or in conflict;
 * - nothing was charged twice and every ledger adds up;
 * - memos, written by one device each, were never shown going back to an older one.
 */

const UNCONFIRMED = 'The server could not confirm this change';

/** Where a write with a marker leaves a row on the server, to count its effect. */
const effectTables: Record<string, { sql: string; atMostOnce?: boolean }> = {
  addCommunity: { sql: 'SELECT COUNT(*) FROM community_posts WHERE instr(f_title, ?) > 0' },
  addComment: { sql: 'SELECT COUNT(*) FROM community_comments WHERE instr(f_comment, ?) > 0' },
  addNotify: { sql: 'SELECT COUNT(*) FROM notifications WHERE instr(f_title, ?) > 0' },
  reportSite: { sql: 'SELECT COUNT(*) FROM reports WHERE instr(f_memo, ?) > 0' },
  reportHo_app: { sql: 'SELECT COUNT(*) FROM reports WHERE instr(f_memo, ?) > 0' },
  // A draft or a new site is made once per device draft id; it may be gone later (removed, saved).
  saveSiteDraft: { sql: 'SELECT COUNT(*) FROM sites WHERE f_client_id = ?', atMostOnce: true },
  saveSite: { sql: 'SELECT COUNT(*) FROM sites WHERE f_client_id = ?', atMostOnce: true },
};

interface ServerRecord {
  seq: number;
  status: 'applied' | 'rejected' | 'conflict';
  code: number;
  msg: string;
}

export function checkOutcomes({
  history,
  sqlite,
  devices,
}: {
  history: History;
  sqlite: SQLite.Database;
  devices: Device[];
}): Promise<void> {
  return (async () => {
    const recorded = new Map<string, ServerRecord[]>();
    for (const row of sqlite
      .prepare('SELECT mutation_id, seq, status, code, msg FROM sync_mutations')
      .all() as Array<ServerRecord & { mutation_id: string }>) {
      recorded.set(row.mutation_id, [...(recorded.get(row.mutation_id) ?? []), row]);
    }
    const conflictOf = sqlite.prepare('SELECT f_idx, resolved_at FROM sync_conflicts WHERE mutation_id = ?');
    const outboxes = new Map<number, Map<string, { status: string; error_msg?: string | undefined }>>();
    for (const device of devices) {
      const entries = (await device.db?.outbox.toArray()) ?? [];
      outboxes.set(device.index, new Map(entries.map((e) => [e.mutation_id, e])));
    }
    for (const write of history.writes.values()) {
      const server = recorded.get(write.mutationId) ?? [];
      const local = outboxes.get(write.device)?.get(write.mutationId);
      const what = `${write.name} ${write.mutationId.slice(0, 8)} (queued at ${(write.at / 1000).toFixed(1)}s)`;
      const statuses = new Set(server.map((r) => r.status));
      if (statuses.size > 1) {
        history.flag({
          kind: 'appliedTwice',
          device: write.device,
          detail: `${what} has two different outcomes on the server: ${[...statuses].join(', ')}`,
        });
      }
      const status = server[0]?.status;
      if (local?.status === 'rejected' && local.error_msg?.startsWith(UNCONFIRMED)) {
        history.flag({
          kind: 'unconfirmed',
          device: write.device,
          detail: `${what} shown as "could not confirm" (server: ${status ?? 'no record'})`,
        });
      } else if (local && local.status !== 'rejected') {
        history.flag({
          kind: 'stalledOutbox',
          device: write.device,
          detail: `${what} still waiting (${local.status}) after every device synced (server: ${status ?? 'no record'})`,
        });
      } else if (status === undefined) {
        if (!local && !write.shownRefused) {
          history.flag({
            kind: 'lost',
            device: write.device,
            detail: `${what} left the outbox, never reached the server`,
          });
        }
      } else if (status === 'rejected') {
        if (!local && !write.shownRefused) {
          history.flag({
            kind: 'silentlyDropped',
            device: write.device,
            detail: `${what} refused by the server (${server[0]?.code} ${server[0]?.msg}) and never shown refused`,
          });
        }
      } else if (local?.status === 'rejected') {
        history.flag({
          kind: 'wrongOutcome',
          device: write.device,
          detail: `${what} shown refused (${local.error_msg}) but the server ${status} it`,
        });
      } else if (status === 'conflict') {
        const conflict = conflictOf.get(write.mutationId) as
          | { f_idx: number; resolved_at: string | null }
          | undefined;
        const shown =
          conflict && (history.conflictsShown.get(write.device)?.has(conflict.f_idx) || conflict.resolved_at);
        if (!shown) {
          history.flag({
            kind: 'silentlyDropped',
            device: write.device,
            detail: `${what} kept as a conflict on the server that its device never showed`,
          });
        }
      }
      checkEffect({ history, sqlite, write, status });
    }
  })();
}

function checkEffect({
  history,
  sqlite,
  write,
  status,
}: {
  history: History;
  sqlite: SQLite.Database;
  write: WriteRecord;
  status: string | undefined;
}): void {
  const table = effectTables[write.name];
  if (!table || !write.marker) return;
  const count = sqlite.prepare(table.sql).pluck().get(write.marker) as number;
  const what = `${write.name} ${write.mutationId.slice(0, 8)}`;
  if (count > 1) {
    history.flag({
      kind: 'appliedTwice',
      device: write.device,
      detail: `${what} made ${count} rows on the server`,
    });
  } else if (!table.atMostOnce && status === 'applied' && count === 0) {
    history.flag({
      kind: 'wrongOutcome',
      device: write.device,
      detail: `${what} recorded applied, no row made`,
    });
  } else if (status === 'rejected' && count > 0 && !table.atMostOnce) {
    history.flag({
      kind: 'wrongOutcome',
      device: write.device,
      detail: `${what} recorded refused, yet made a row`,
    });
  }
}

/**
 * Balances and charges: each member's point log is a chain (each balance the one before plus or
 * minus the amount), the last balance is the member's points, a post's or notification's
 * made+/push charge is taken once, and each purchase key charged once.
 */
export function checkCharges({
  history,
  sqlite,
  members,
}: {
  history: History;
  sqlite: SQLite.Database;
  members: Member[];
}): void {
  const logs = sqlite.prepare(
    'SELECT f_idx, f_type, f_point, f_point_final, f_reason, f_ref FROM point_logs WHERE f_user_idx = ? ORDER BY f_idx',
  );
  const points = sqlite.prepare('SELECT f_point FROM users WHERE f_idx = ?').pluck();
  for (const member of members) {
    const rows = logs.all(member.idx) as Array<{
      f_idx: number;
      f_type: string;
      f_point: number;
      f_point_final: number;
      f_reason: string;
      f_ref: string | null;
    }>;
    let balance = 0;
    const refs = new Set<string>();
    for (const row of rows) {
      balance += row.f_type === 'C' || row.f_type === 'A' ? row.f_point : -row.f_point;
      if (balance !== row.f_point_final) {
        history.flag({
          kind: 'chargedTwice',
          device: member.index,
          detail: `point log ${row.f_idx} of member ${member.idx} says ${row.f_point_final}, the chain gives ${balance}`,
        });
        balance = row.f_point_final;
      }
      if (row.f_ref && row.f_reason !== 'plan') {
        const key = `${row.f_reason}|${row.f_ref}`;
        if (refs.has(key)) {
          history.flag({
            kind: 'chargedTwice',
            device: member.index,
            detail: `${row.f_reason} ${row.f_ref} charged twice`,
          });
        }
        refs.add(key);
      }
    }
    const now = points.get(member.idx) as number;
    if (now !== balance) {
      history.flag({
        kind: 'chargedTwice',
        device: member.index,
        detail: `member ${member.idx} has ${now} points, the log ends at ${balance}`,
      });
    }
    const plans = rows.filter((r) => r.f_reason === 'plan').length;
    const purchases = sqlite
      .prepare("SELECT COUNT(*) FROM purchase_requests WHERE f_user_idx = ? AND f_operation = 'buyPeriod'")
      .pluck()
      .get(member.idx) as number;
    if (plans !== purchases) {
      history.flag({
        kind: 'chargedTwice',
        device: member.index,
        detail: `member ${member.idx}: ${plans} plan charges for ${purchases} purchases`,
      });
    }
  }
  const keys = new Map<string, { ok: boolean; member: number; device: number }>();
  for (const record of history.online) {
    if (!record.purchaseKey) continue;
    const seen = keys.get(record.purchaseKey);
    keys.set(record.purchaseKey, {
      ok: (seen?.ok ?? false) || record.outcome === 'ok',
      member: record.memberIdx,
      device: record.device,
    });
  }
  const stored = sqlite
    .prepare('SELECT COUNT(*) FROM purchase_requests WHERE f_user_idx = ? AND f_key = ?')
    .pluck();
  for (const [key, { ok, member, device }] of keys) {
    const n = stored.get(member, key) as number;
    if (ok && n !== 1) {
      history.flag({
        kind: 'chargedTwice',
        device,
        detail: `purchase ${key} answered bought, ${n} purchases stored`,
      });
    }
  }
}

/**
 * Memos are written by one device each: once a device showed the memo of a later write, it
 * never shows an earlier one again, unless a write after that earlier one was refused.
 */
export function checkMemoOrder({ history, sqlite }: { history: History; sqlite: SQLite.Database }): void {
  const order = new Map<string, { device: number; site: number; index: number; refused: boolean }>();
  const refusedIds = new Set(
    sqlite
      .prepare("SELECT mutation_id FROM sync_mutations WHERE status = 'rejected'")
      .pluck()
      .all() as string[],
  );
  const perKey = new Map<string, number>();
  for (const write of history.writes.values()) {
    if (write.name !== 'addSiteMemo') continue;
    const site = write.args.site_idx as number;
    const key = `${write.device}|${site}`;
    const index = (perKey.get(key) ?? 0) + 1;
    perKey.set(key, index);
    order.set(`${key}|${write.args.memo as string}`, {
      device: write.device,
      site,
      index,
      refused: refusedIds.has(write.mutationId) || write.shownRefused !== undefined,
    });
  }
  const refusedAt = new Map<string, number[]>();
  for (const o of order.values()) {
    if (!o.refused) continue;
    const key = `${o.device}|${o.site}`;
    refusedAt.set(key, [...(refusedAt.get(key) ?? []), o.index]);
  }
  const highest = new Map<string, number>();
  for (const shown of history.memoShown) {
    const key = `${shown.device}|${shown.site}`;
    const o = order.get(`${key}|${shown.memo}`);
    if (!o) continue;
    const before = highest.get(key) ?? 0;
    if (o.index < before && !(refusedAt.get(key) ?? []).some((i) => i > o.index && i <= before)) {
      history.flag({
        kind: 'monotonicReads',
        device: shown.device,
        detail: `memo of site ${shown.site}: write ${o.index} shown after write ${before}`,
      });
    }
    highest.set(key, Math.max(before, o.index));
  }
}
