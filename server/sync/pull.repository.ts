import type SQLite from 'better-sqlite3';
import type { ChangeEntity, PullWire } from '../../sync/protocol.ts';
import { type DbOrTx, rawSqlite } from '../db/database.ts';
import { RawJson } from '../http/raw-json.ts';
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

interface FeedRow {
  version: number;
  /** A feed entity, or 'units' for a registered site's buildings and units. */
  entity: ChangeEntity;
  key: number;
  deleted: 0 | 1;
  /** 1 when the row comes from the member's feed (the site entered the scope), not a content version. */
  fromFeed?: 0 | 1;
}

/** Units are heavy: a page carries those of this many sites at most. */
export const UNITS_PER_PAGE = 200;

const statements = new WeakMap<SQLite.Database, ReturnType<typeof prepare>>();

function prepare(sqlite: SQLite.Database) {
  return {
    clock: sqlite.prepare('SELECT version FROM sync_clock WHERE id = 1').pluck(),
    /** A version a restore skipped (migrations/0027): only the lost server issued it. */
    skipped: sqlite
      .prepare(
        'SELECT 1 FROM sync_restores WHERE @version > f_from_version AND @version < f_to_version LIMIT 1',
      )
      .pluck(),
    lastSeq: sqlite
      .prepare('SELECT last_seq FROM sync_clients WHERE client_id = ? AND f_user_idx = ?')
      .pluck(),
    scope: sqlite.prepare(
      `SELECT 0 AS version, entity, key, 0 AS deleted FROM sync_feed
       WHERE f_user_idx = @user AND deleted = 0 AND (entity, key) > (@entity, @key)
       ORDER BY entity, key LIMIT @limit`,
    ),
    scopeUnits: sqlite.prepare(
      `SELECT 0 AS version, 'units' AS entity, f.key AS key, 0 AS deleted FROM sync_feed f
       JOIN sites s ON s.f_idx = f.key AND s.f_status = 'N'
       WHERE f.f_user_idx = @user AND f.entity = 'site' AND f.deleted = 0 AND f.key > @key
         AND EXISTS (SELECT 1 FROM dongs d WHERE d.f_site_idx = f.key)
       ORDER BY f.key LIMIT @limit`,
    ),
    changes: sqlite.prepare(
      `SELECT version, entity, key, deleted, fromFeed FROM (
         SELECT version, entity, key, deleted, 1 AS fromFeed FROM sync_feed
         WHERE f_user_idx = @user AND version >= @version AND (version, entity, key) > (@version, @entity, @key)
         ORDER BY version, entity, key LIMIT @limit)
       UNION ALL
       SELECT version, entity, key, deleted, fromFeed FROM (
         SELECT sv.version AS version, 'site' AS entity, sv.f_site_idx AS key, 0 AS deleted, 0 AS fromFeed
         FROM sync_site_versions sv
         WHERE sv.version >= @version AND (sv.version, 'site', sv.f_site_idx) > (@version, @entity, @key)
           AND EXISTS (SELECT 1 FROM sync_feed f WHERE f.f_user_idx = @user AND f.entity = 'site'
                       AND f.key = sv.f_site_idx AND f.deleted = 0)
         ORDER BY sv.version, sv.f_site_idx LIMIT @limit)
       UNION ALL
       SELECT version, entity, key, deleted, fromFeed FROM (
         SELECT sv.units_version AS version, 'units' AS entity, sv.f_site_idx AS key, 0 AS deleted, 0 AS fromFeed
         FROM sync_site_versions sv
         WHERE sv.units_version >= @version AND (sv.units_version, 'units', sv.f_site_idx) > (@version, @entity, @key)
           AND EXISTS (SELECT 1 FROM sync_feed f WHERE f.f_user_idx = @user AND f.entity = 'site'
                       AND f.key = sv.f_site_idx AND f.deleted = 0)
         ORDER BY sv.units_version, sv.f_site_idx LIMIT @limit)
       ORDER BY version, entity, key LIMIT @limit`,
    ),
  };
}

function stmts(sqlite: SQLite.Database) {
  let s = statements.get(sqlite);
  if (!s) {
    s = prepare(sqlite);
    statements.set(sqlite, s);
  }
  return s;
}

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
  const s = stmts(rawSqlite(db));
  const lastSeq = (s.lastSeq.get(clientId, userIdx) as number | undefined) ?? 0;
  const clock = s.clock.get() as number;
  let position = parseCursor(cursor);
  // A cursor ahead of the clock, or inside the versions a restore skipped, comes from data this
  // server no longer has (written after the backup it was restored from): list it all again.
  const reset =
    position !== null &&
    (position.version > clock || s.skipped.get({ version: position.version }) !== undefined);
  if (reset) position = null;

  if (position === null || position.phase === 's') {
    const snapshot = position?.version ?? clock;
    const after = { entity: position?.entity ?? '', key: position?.key ?? 0 };
    let rows: FeedRow[] = [];
    let next: Position = { phase: 's', version: snapshot, entity: 'units', key: 0 };
    if (after.entity !== 'units') {
      rows = s.scope.all({ user: userIdx, entity: after.entity, key: after.key, limit }) as FeedRow[];
      const last = rows.at(-1);
      if (rows.length === limit && last)
        next = { phase: 's', version: snapshot, entity: last.entity, key: last.key };
    }
    // Units start on a page of their own, so the sites are all on the device before any unit.
    if (after.entity === 'units' || rows.length === 0) {
      const unitsLimit = Math.min(limit, UNITS_PER_PAGE);
      rows = s.scopeUnits.all({
        user: userIdx,
        key: after.entity === 'units' ? after.key : 0,
        limit: unitsLimit,
      }) as FeedRow[];
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

  const rows = s.changes.all({
    user: userIdx,
    version: position.version,
    entity: position.entity,
    key: position.key,
    limit: limit + 1,
  }) as FeedRow[];
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
