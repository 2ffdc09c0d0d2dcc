import type SQLite from 'better-sqlite3';
import type { ChangeEntity } from '../../sync/protocol.ts';
import { type Db, type DbOrTx, rawSqlite, type Tx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import * as postgresFeed from './pull.postgres.ts';
import { isSkippedVersion } from './restores.repository.ts';

/**
 * The change feed's reads of a pull (pull.repository.ts pages them), on either database: SQLite
 * through statements prepared once per connection (an empty pull is two index range scans, and
 * runs every 30 s per device), PostgreSQL through pull.postgres.ts.
 */

export interface FeedRow {
  version: number;
  /** A feed entity, or 'units' for a registered site's buildings and units. */
  entity: ChangeEntity;
  key: number;
  deleted: 0 | 1;
  /** 1 when the row comes from the member's feed (the site entered the scope), not a content version. */
  fromFeed?: 0 | 1;
}

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

/** The feed's reads a page needs, on the database `db` talks to. */
export interface FeedReads {
  lastSeq: (a: { clientId: string; userIdx: number }) => Promise<number>;
  clock: () => Promise<number>;
  /** A version a restore skipped (migrations/0027): only the lost server issued it. */
  skipped: (version: number) => Promise<boolean>;
  scope: (a: { userIdx: number; entity: string; key: number; limit: number }) => Promise<FeedRow[]>;
  scopeUnits: (a: { userIdx: number; key: number; limit: number }) => Promise<FeedRow[]>;
  changes: (a: {
    userIdx: number;
    version: number;
    entity: string;
    key: number;
    limit: number;
  }) => Promise<FeedRow[]>;
}

function sqliteFeed(db: DbOrTx): FeedReads {
  const s = stmts(rawSqlite(db));
  return {
    lastSeq: async ({ clientId, userIdx }) => (s.lastSeq.get(clientId, userIdx) as number | undefined) ?? 0,
    clock: async () => s.clock.get() as number,
    skipped: async (version) => s.skipped.get({ version }) !== undefined,
    scope: async ({ userIdx, ...a }) => s.scope.all({ user: userIdx, ...a }) as FeedRow[],
    scopeUnits: async ({ userIdx, ...a }) => s.scopeUnits.all({ user: userIdx, ...a }) as FeedRow[],
    changes: async ({ userIdx, ...a }) => s.changes.all({ user: userIdx, ...a }) as FeedRow[],
  };
}

/** PostgreSQL's reads (pull.postgres.ts): versions stamped at commit, so no cursor passes a later commit. */
function postgresFeedReads(db: DbOrTx): FeedReads {
  return {
    lastSeq: (a) => postgresFeed.lastSeqOf(db, a),
    clock: () => postgresFeed.feedClock(db),
    skipped: (version) => isSkippedVersion({ db, version }),
    scope: async (a) => (await postgresFeed.scopeAfter(db, a)) as FeedRow[],
    scopeUnits: async (a) => (await postgresFeed.scopeUnitsAfter(db, a)) as FeedRow[],
    changes: async (a) => (await postgresFeed.changesAfter(db, a)) as FeedRow[],
  };
}

/**
 * Runs a pull's reads in one transaction that sees one snapshot: SQLite's (one writer, kysely
 * holds the connection), PostgreSQL's REPEATABLE READ, READ ONLY (pull.postgres.ts).
 */
export function inPullTransaction<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return dialectOf(db) === 'postgres'
    ? postgresFeed.inPullSnapshot(db, read)
    : db.transaction().execute(read);
}

/** The feed's reads on the database `db` talks to. */
export function feedReads(db: DbOrTx): FeedReads {
  return dialectOf(db) === 'postgres' ? postgresFeedReads(db) : sqliteFeed(db);
}
