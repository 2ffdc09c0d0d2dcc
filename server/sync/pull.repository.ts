import type { ChangeEntity, PullWire } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import { RawJson } from '../http/raw-json.ts';
import { type FeedRow, feedReads } from './feed.repository.ts';
import type { AnyPulledEntity, PageChange, PulledEntry } from './pulled.ts';

/**
 * Reads one page of a member's change feed (migrations/0003_sync.ts) in the caller's read
 * transaction, so the rows, the new cursor and the client's last applied sequence belong to one
 * snapshot. The rows behind the feed's entries are read by the features that own them
 * (server/sync/pulled.ts, listed in registry.ts): here are only the cursor, the paging and the scope.
 *
 * A first pull (no cursor) lists the member's whole scope as of the current version `S`,
 * page by page in (entity, key) order (`s<S>.<entity>.<key>`): the feed's rows, then the
 * units of every registered site in scope ('units' sorts after every feed entity, so the
 * device has every site before the first unit arrives). It then continues from `v<S>`.
 * Later pulls read feed rows and site content and unit versions after the cursor, in
 * (version, entity, key) order, so a page can end in the middle of one version. A site that
 * enters the scope brings its units along.
 */

interface Position {
  phase: 's' | 'v';
  version: number;
  entity: string;
  key: number;
}

/** Sorts after every entity name: `v<version>` alone means the whole version is on the device. */
const AFTER_ALL = '~';

export function parseCursor(cursor: string | null): Position | null {
  if (cursor === null) return null;
  const match = /^([sv])(\d+)(?:\.([a-z]+)\.(\d+))?$/.exec(cursor);
  if (!match) return null;
  const [, phase, version, entity, key] = match;
  return {
    phase: phase as 's' | 'v',
    version: Number(version),
    entity: entity ?? (phase === 'v' ? AFTER_ALL : ''),
    key: Number(key ?? 0),
  };
}

function formatCursor(p: Position): string {
  return p.entity === AFTER_ALL || p.entity === ''
    ? `${p.phase}${p.version}`
    : `${p.phase}${p.version}.${p.entity}.${p.key}`;
}

/** Units are heavy: a page carries those of this many sites at most. */
export const UNITS_PER_PAGE = 200;

type Page = Omit<PullWire, 'changes' | 'site_columns'> & {
  changes: PageChange[];
  site_columns: readonly string[];
};

/** One change as JSON, with what SQLite wrote pasted in as it is. */
function changeJson(change: PageChange): string {
  let json = '';
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    json += `${json === '' ? '{' : ','}"${field}":${value instanceof RawJson ? value.json : JSON.stringify(value)}`;
  }
  return `${json}}`;
}

/** The page as the JSON of a PullWire, with what the metrics count of it. */
function pageJson({ changes, ...head }: Page): PullPageJson {
  const json = new RawJson<PullWire>(
    `${JSON.stringify(head).slice(0, -1)},"changes":[${changes.map(changeJson).join(',')}]}`,
  );
  return Object.assign(json, { rows: changes.length, reset: head.reset });
}

/**
 * The changes behind feed entries, in the entries' order: each owner reads the rows of its
 * entities at once, and answers the changes of each entry (a put, a deletion, or a row with what
 * follows it).
 */
async function materialize({
  db,
  userIdx,
  entries,
  owners,
}: {
  db: DbOrTx;
  userIdx: number;
  entries: FeedRow[];
  owners: Map<ChangeEntity, AnyPulledEntity>;
}): Promise<{ changes: PageChange[]; siteColumns: readonly string[] }> {
  // Each owner is asked once, with its entries in page order; `at` remembers where each one was.
  const byOwner = new Map<AnyPulledEntity, { at: number[]; entries: PulledEntry[] }>();
  entries.forEach((e, at) => {
    const owner = owners.get(e.entity);
    if (!owner) throw new Error(`no feature sends the pulled entity ${e.entity}`);
    const group = byOwner.get(owner) ?? { at: [], entries: [] };
    group.at.push(at);
    group.entries.push({ entity: e.entity, key: e.key, deleted: e.deleted === 1, entered: e.fromFeed === 1 });
    byOwner.set(owner, group);
  });
  const answers: PageChange[][] = [];
  let siteColumns: readonly string[] = [];
  for (const [owner, group] of byOwner) {
    const answer = await owner.changes({ db, viewer: userIdx, entries: group.entries });
    group.at.forEach((at, i) => {
      answers[at] = answer.changes[i] ?? [];
    });
    if (answer.siteColumns) siteColumns = answer.siteColumns;
  }
  return { changes: answers.flat(), siteColumns };
}

/** Ends a page after the units of UNITS_PER_PAGE sites. */
function capUnits(rows: FeedRow[]): FeedRow[] {
  let units = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FeedRow;
    if (r.entity === 'units' || (r.entity === 'site' && r.fromFeed === 1 && !r.deleted)) units++;
    if (units === UNITS_PER_PAGE) return rows.slice(0, i + 1);
  }
  return rows;
}

/** A page as sent, with what the metrics count of it (server/ops/metrics.ts). */
export type PullPageJson = RawJson<PullWire> & { rows: number; reset: boolean };

/**
 * One page of changes, read in `db`, the caller's read transaction (see sync.service.ts). The
 * feed's statements are raw: an empty pull is two index range scans, and runs every 30 s per device.
 */
export async function readPullPage({
  db,
  userIdx,
  clientId,
  cursor,
  limit,
  owners,
}: {
  db: DbOrTx;
  userIdx: number;
  clientId: string;
  cursor: string | null;
  limit: number;
  /** Who reads the rows of each entity (registry.ts `pullOwners`). */
  owners: Map<ChangeEntity, AnyPulledEntity>;
}): Promise<PullPageJson> {
  const s = feedReads(db);
  const lastSeq = await s.lastSeq({ clientId, userIdx });
  const clock = await s.clock();
  let position = parseCursor(cursor);
  // A cursor ahead of the clock, or inside the versions a restore skipped, comes from data this
  // server no longer has (written after the backup it was restored from): list it all again.
  const reset = position !== null && (position.version > clock || (await s.skipped(position.version)));
  if (reset) position = null;

  if (position === null || position.phase === 's') {
    const snapshot = position?.version ?? clock;
    const after = { entity: position?.entity ?? '', key: position?.key ?? 0 };
    let rows: FeedRow[] = [];
    let next: Position = { phase: 's', version: snapshot, entity: 'units', key: 0 };
    if (after.entity !== 'units') {
      rows = await s.scope({ userIdx, entity: after.entity, key: after.key, limit });
      const last = rows.at(-1);
      if (rows.length === limit && last)
        next = { phase: 's', version: snapshot, entity: last.entity, key: last.key };
    }
    // Units start on a page of their own, so the sites are all on the device before any unit.
    if (after.entity === 'units' || rows.length === 0) {
      const unitsLimit = Math.min(limit, UNITS_PER_PAGE);
      rows = await s.scopeUnits({
        userIdx,
        key: after.entity === 'units' ? after.key : 0,
        limit: unitsLimit,
      });
      const last = rows.at(-1);
      // The listing is done when a page comes back short; the feed then goes on from the snapshot.
      next =
        rows.length === unitsLimit && last
          ? { phase: 's', version: snapshot, entity: 'units', key: last.key }
          : { phase: 'v', version: snapshot, entity: AFTER_ALL, key: 0 };
    }
    const { changes, siteColumns } = await materialize({ db, userIdx, entries: rows, owners });
    return pageJson({
      cursor: formatCursor(next),
      more: true,
      reset,
      last_seq: lastSeq,
      site_columns: siteColumns,
      changes,
    });
  }

  const rows = await s.changes({
    userIdx,
    version: position.version,
    entity: position.entity,
    key: position.key,
    limit: limit + 1,
  });
  const page = capUnits(rows.slice(0, limit));
  const more = rows.length > page.length;
  const last = page.at(-1);
  // A site can come from the feed (it entered the scope) and from its content version:
  // once is enough, its row is the current one either way. Entering wins whichever comes
  // first, so the site brings its units (the content version of a site edited just before it
  // entered sorts first, and kept alone it sent the site without them).
  const entered = new Set(
    page.filter((r) => r.entity === 'site' && r.fromFeed === 1 && !r.deleted).map((r) => r.key),
  );
  const seen = new Set<string>();
  const unique = page
    .filter((r) => {
      const id = `${r.entity}:${r.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((r): FeedRow => (r.entity === 'site' && entered.has(r.key) ? { ...r, fromFeed: 1 } : r));
  const { changes, siteColumns } = await materialize({ db, userIdx, entries: unique, owners });
  return pageJson({
    cursor: last
      ? formatCursor({ phase: 'v', version: last.version, entity: last.entity, key: last.key })
      : (cursor as string),
    more,
    reset: false,
    last_seq: lastSeq,
    site_columns: siteColumns,
    changes,
  });
}
