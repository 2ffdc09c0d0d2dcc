import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { LocalDb } from '../../src/db/db.ts';
import { SyncEngine } from '../../src/sync/engine.ts';
import { createFetchTransport } from '../../src/sync/transport.ts';
import { Headers } from '../../sync/codes.ts';
import type { Member } from './world.ts';

/**
 * Convergence: what a device shows, table by table, against what a fresh device of its member
 * pulls from the server now (the server's rows for the member's scope, deletions and scope
 * changes included), and the differences between the two in words.
 */

/** What a device shows of each table, without what only says when the device wrote it. */
export async function deviceState(db: LocalDb): Promise<Record<string, unknown>> {
  const byKey = <T>(rows: T[], key: (r: T) => string | number) =>
    Object.fromEntries(
      rows.map((r) => [String(key(r)), r] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  const [sites, dongs, drafts, likes, memos, recent, notifications, inbox, conflicts] = await Promise.all([
    db.sites.toArray(),
    db.dongs.toArray(),
    db.drafts.toArray(),
    db.likes.toArray(),
    db.memos.toArray(),
    db.recentViews.toArray(),
    db.notifications.toArray(),
    db.inbox.toArray(),
    db.conflicts.toArray(),
  ]);
  return {
    sites: byKey(sites, (s) => s.f_idx),
    dongs: byKey(dongs, (d) => d.f_idx),
    drafts: byKey(drafts, (d) => d.key),
    likes: byKey(likes, (l) => l.f_site_idx),
    memos: byKey(memos, (m) => m.f_site_idx),
    recent: byKey(recent, (r) => r.f_site_idx),
    notifications: byKey(notifications, (n) => n.f_idx),
    inbox: byKey(inbox, (i) => i.f_idx),
    conflicts: byKey(conflicts, (c) => c.f_idx),
  };
}

/** What a fresh device of this member pulls from the server now: the server's rows for its scope. */
export async function referenceState({
  member,
  port,
}: {
  member: Member;
  port: number;
}): Promise<Record<string, unknown>> {
  const db = new LocalDb(`reference-${member.idx}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = new SyncEngine({
    db,
    transport: createFetchTransport({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: () => ({ [Headers.accessToken]: member.token, [Headers.deviceId]: member.deviceId }),
    }),
  });
  try {
    await engine.bindToMember(member.idx);
    await engine.pull();
    return await deviceState(db);
  } finally {
    db.close();
  }
}

/** The differences between a device and the reference, one line each (at most `max`). */
export function differences(
  device: Record<string, unknown>,
  reference: Record<string, unknown>,
  max = 6,
): string[] {
  const out: string[] = [];
  for (const table of Object.keys(reference)) {
    const mine = (device[table] ?? {}) as Record<string, unknown>;
    const theirs = (reference[table] ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      if (out.length >= max) return out;
      const a = mine[key];
      const b = theirs[key];
      const of = (row: unknown) => {
        const site = (row as { f_site_idx?: number } | undefined)?.f_site_idx;
        return table !== 'sites' && site !== undefined ? ` (site ${site})` : '';
      };
      if (a === undefined) out.push(`${table} ${key}${of(b)}: missing on the device`);
      else if (b === undefined) out.push(`${table} ${key}${of(a)}: on the device only`);
      else {
        const fields = fieldDiff(a, b);
        if (fields.length > 0) out.push(`${table} ${key}: ${fields.slice(0, 4).join('; ')}`);
      }
    }
  }
  return out;
}

function fieldDiff(a: unknown, b: unknown): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return [`${short(a)} vs ${short(b)}`];
  }
  const out: string[] = [];
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    if (JSON.stringify(ra[k]) !== JSON.stringify(rb[k])) out.push(`${k} ${short(ra[k])} vs ${short(rb[k])}`);
  }
  return out;
}

function short(v: unknown): string {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
