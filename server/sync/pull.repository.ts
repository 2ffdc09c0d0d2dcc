import type SQLite from 'better-sqlite3';
import type { Change, ChangeEntity, PullWire, UnitsRow } from '../../sync/protocol.ts';
import type { SiteContact } from '../../sync/site-fields.ts';
import { cached } from '../db/statements.ts';
import { RawJson } from '../http/raw-json.ts';
import { inList, loadSiteJson, loadUnitsJson, siteWire } from '../sites/site-rows.ts';

/**
 * Reads one page of a member's change feed (migrations/0003_sync.ts) in one read transaction,
 * so the rows, the new cursor and the client's last applied sequence belong to one snapshot.
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

function parseJson<T>({ text, fallback }: { text: unknown; fallback: T }): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function rowsByKey({
  sqlite,
  sql,
  userIdx,
  keys,
}: {
  sqlite: SQLite.Database;
  sql: string;
  userIdx: number;
  keys: number[];
}): Map<number, Record<string, unknown>> {
  const out = new Map<number, Record<string, unknown>>();
  if (keys.length === 0) return out;
  for (let i = 0; i < keys.length; i += 512) {
    const { marks, params } = inList(keys.slice(i, i + 512));
    const rows = cached({ sqlite, sql: sql.replace('(?keys)', `(${marks})`) }).all(
      userIdx,
      ...params,
    ) as Array<Record<string, unknown> & { k: number }>;
    for (const { k, ...row } of rows) out.set(k, row);
  }
  return out;
}

/** A change as a page holds it: a site's values and its units are already JSON, written by SQLite. */
type PageChange =
  | Exclude<Change, { t: 'site'; op: 'put' } | { t: 'units' }>
  | { t: 'site'; op: 'put'; key: number; values: RawJson<unknown[]> }
  | { t: 'units'; op: 'put'; key: number; row: RawJson<UnitsRow> };

type Page = Omit<PullWire, 'changes'> & { changes: PageChange[] };

/** The page as the JSON of a PullWire, with what SQLite wrote pasted in. */
function pageJson({ changes, ...head }: Page): RawJson<PullWire> {
  const parts = changes.map((c) => {
    if ('values' in c) return `{"t":"site","op":"put","key":${c.key},"values":${c.values.json}}`;
    if (c.t === 'units') return `{"t":"units","op":"put","key":${c.key},"row":${c.row.json}}`;
    return JSON.stringify(c);
  });
  return new RawJson(`${JSON.stringify(head).slice(0, -1)},"changes":[${parts.join(',')}]}`);
}

/** Loads the rows behind feed entries; an entry whose row is gone becomes a deletion. */
function materialize({
  sqlite,
  userIdx,
  entries,
}: {
  sqlite: SQLite.Database;
  userIdx: number;
  entries: FeedRow[];
}): PageChange[] {
  const keysOf = (entity: ChangeEntity) =>
    entries.filter((e) => e.entity === entity && !e.deleted).map((e) => e.key);
  const sites = loadSiteJson({ sqlite, ids: keysOf('site'), viewer: userIdx });
  // A registered site that just entered the scope brings its units, whatever their version.
  const entered = new Set(
    entries
      .filter(
        (e) => e.entity === 'site' && e.fromFeed === 1 && !e.deleted && sites.get(e.key)?.status === 'N',
      )
      .map((e) => e.key),
  );
  const units = loadUnitsJson({ sqlite, ids: [...new Set([...keysOf('units'), ...entered])] });
  const unitsRow = (dongs: string) => new RawJson<UnitsRow>(`{"dongs":${dongs}}`);
  const likes = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('like'),
    sql: 'SELECT f_site_idx AS k, f_site_idx, f_reg_time FROM site_likes WHERE f_user_idx = ? AND f_site_idx IN (?keys)',
  });
  const memos = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('memo'),
    sql: 'SELECT f_site_idx AS k, f_site_idx, f_memo, f_memo_images, f_update_time FROM site_memos WHERE f_user_idx = ? AND f_site_idx IN (?keys)',
  });
  const recents = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('recent'),
    sql: 'SELECT f_site_idx AS k, f_site_idx, f_view_time FROM site_recent_views WHERE f_user_idx = ? AND f_site_idx IN (?keys)',
  });
  const notifications = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('notification'),
    // The columns of spec §3 only; a removed notification leaves the writer's device.
    sql: `SELECT f_idx AS k, f_idx, f_user_idx, f_title, f_content, f_site_idx, f_site_name, f_site_type,
            f_address, f_longitude, f_latitude, f_push, f_made, f_made1, f_auto, f_auto_enable, f_auto_time,
            f_auto_interval, f_read, f_image_url, f_contacts_list, f_reg_time, f_update_time
          FROM notifications WHERE f_user_idx = ? AND f_removed_time IS NULL AND f_idx IN (?keys)`,
  });
  // Notifications received (protocol 7): the delivery with the notification as written.
  const inbox = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('inbox'),
    sql: `SELECT i.f_idx AS k, i.f_idx, i.f_notify_idx, i.f_send_time, i.f_read, n.f_title, n.f_content,
            n.f_site_idx, n.f_site_name, n.f_site_type, n.f_address, n.f_push, n.f_made, n.f_auto,
            n.f_image_url, n.f_contacts_list, n.f_reg_time, n.f_user_idx AS f_writer_idx,
            u.f_name AS f_writer_name, u.f_phone AS f_writer_phone, u.f_affiliation AS f_writer_affiliation
          FROM notify_inbox i JOIN notifications n ON n.f_idx = i.f_notify_idx JOIN users u ON u.f_idx = n.f_user_idx
          WHERE i.f_user_idx = ? AND n.f_removed_time IS NULL AND i.f_idx IN (?keys)`,
  });
  const conflicts = rowsByKey({
    sqlite,
    userIdx,
    keys: keysOf('conflict'),
    sql: `SELECT f_idx AS k, f_idx, f_site_idx, draft_id, fields, mine, theirs, base_version, theirs_version, f_reg_time
          FROM sync_conflicts WHERE f_user_idx = ? AND resolved_at IS NULL AND f_idx IN (?keys)`,
  });

  const changes: PageChange[] = [];
  for (const e of entries) {
    const del = { t: e.entity, op: 'del', key: e.key } as PageChange;
    if (e.deleted) {
      changes.push(del);
      continue;
    }
    switch (e.entity) {
      case 'site': {
        const site = sites.get(e.key);
        changes.push(site ? { t: 'site', op: 'put', key: e.key, values: new RawJson(site.json) } : del);
        const enteredWith = entered.has(e.key) ? units.get(e.key) : undefined;
        if (site && enteredWith !== undefined && enteredWith !== '[]') {
          changes.push({ t: 'units', op: 'put', key: e.key, row: unitsRow(enteredWith) });
        }
        break;
      }
      case 'units': {
        // Units of a draft travel inside it; a site gone from the scope has gone whole.
        const dongs = units.get(e.key);
        if (dongs && sites.get(e.key)?.status !== 'P') {
          changes.push({ t: 'units', op: 'put', key: e.key, row: unitsRow(dongs) });
        }
        break;
      }
      case 'like': {
        const row = likes.get(e.key);
        changes.push(row ? ({ t: 'like', op: 'put', key: e.key, row } as PageChange) : del);
        break;
      }
      case 'memo': {
        const row = memos.get(e.key);
        changes.push(
          row
            ? ({
                t: 'memo',
                op: 'put',
                key: e.key,
                row: {
                  ...row,
                  f_memo_images: parseJson<string[]>({ text: row.f_memo_images, fallback: [] }),
                },
              } as PageChange)
            : del,
        );
        break;
      }
      case 'recent': {
        const row = recents.get(e.key);
        changes.push(row ? ({ t: 'recent', op: 'put', key: e.key, row } as PageChange) : del);
        break;
      }
      case 'notification': {
        const row = notifications.get(e.key);
        if (!row) {
          changes.push(del);
          break;
        }
        const { f_contacts_list, ...rest } = row;
        changes.push({
          t: 'notification',
          op: 'put',
          key: e.key,
          row: { ...rest, contacts_list: parseJson<SiteContact[]>({ text: f_contacts_list, fallback: [] }) },
        } as PageChange);
        break;
      }
      case 'inbox': {
        const row = inbox.get(e.key);
        if (!row) {
          changes.push(del);
          break;
        }
        const { f_contacts_list, ...rest } = row;
        changes.push({
          t: 'inbox',
          op: 'put',
          key: e.key,
          row: { ...rest, contacts_list: parseJson<SiteContact[]>({ text: f_contacts_list, fallback: [] }) },
        } as PageChange);
        break;
      }
      case 'conflict': {
        const row = conflicts.get(e.key);
        changes.push(
          row
            ? ({
                t: 'conflict',
                op: 'put',
                key: e.key,
                row: {
                  ...row,
                  fields: parseJson<string[]>({ text: row.fields, fallback: [] }),
                  mine: parseJson<Record<string, unknown>>({ text: row.mine, fallback: {} }),
                  theirs: parseJson<Record<string, unknown>>({ text: row.theirs, fallback: {} }),
                },
              } as PageChange)
            : del,
        );
        break;
      }
    }
  }
  return changes;
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

/** One page of changes. Call it holding the connection (see sync.service.ts). */
export function readPullPage({
  sqlite,
  userIdx,
  clientId,
  cursor,
  limit,
}: {
  sqlite: SQLite.Database;
  userIdx: number;
  clientId: string;
  cursor: string | null;
  limit: number;
}): PullPageJson {
  const s = stmts(sqlite);
  const page = sqlite.transaction((): Omit<Page, 'site_columns'> => {
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
      return {
        cursor: formatCursor(next),
        more: true,
        reset,
        last_seq: lastSeq,
        changes: materialize({ sqlite, userIdx, entries: rows }),
      };
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
    // once is enough, its row is the current one either way.
    const seen = new Set<string>();
    const unique = page.filter((r) => {
      const id = `${r.entity}:${r.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    return {
      cursor: last
        ? formatCursor({ phase: 'v', version: last.version, entity: last.entity, key: last.key })
        : (cursor as string),
      more,
      reset: false,
      last_seq: lastSeq,
      changes: materialize({ sqlite, userIdx, entries: unique }),
    };
  })();
  const siteColumns = page.changes.some((c) => 'values' in c) ? siteWire(sqlite).columns : [];
  return Object.assign(pageJson({ ...page, site_columns: [...siteColumns] }), {
    rows: page.changes.length,
    reset: page.reset,
  });
}
