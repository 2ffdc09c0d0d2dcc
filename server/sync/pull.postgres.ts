import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../db/database.ts';

/**
 * The reads of a pull on PostgreSQL: the statements of pull.repository.ts with the same
 * order and cursor, written for PostgreSQL (pull.repository.ts reads through them there).
 *
 * Why they are safe there (docs/sync.md, "PostgreSQL: versions in commit order"): a version is
 * taken when its transaction commits, under sync_clock's row lock (migrations/postgres/
 * 0021_4_sync.ts), so a snapshot that sees version n sees every version below n, and a change
 * committed later always has a higher version than any cursor handed out before. Read them in
 * one snapshot (`inPullSnapshot`), so the clock, the rows and the client's last sequence agree.
 *
 * Entity names compare byte by byte (COLLATE "C") as on SQLite: the cursor's entity may be '~'
 * ("after every entity"), which a language collation sorts before letters.
 */

export interface FeedEntry {
  version: number;
  entity: string;
  key: number;
  deleted: 0 | 1;
  /** 1 when the row comes from the member's feed (the site entered the scope), not a content version. */
  fromFeed?: 0 | 1;
}

/** Runs `read` in one REPEATABLE READ, READ ONLY transaction: every statement sees one snapshot. */
export function inPullSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

/** The highest committed version. */
export async function feedClock(tx: DbOrTx): Promise<number> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM sync_clock WHERE id = 1`.execute(tx);
  return rows[0]?.version ?? 0;
}

export async function lastSeqOf(tx: DbOrTx, { clientId, userIdx }: { clientId: string; userIdx: number }) {
  const { rows } = await sql<{ last_seq: number }>`SELECT last_seq FROM sync_clients
    WHERE client_id = ${clientId} AND f_user_idx = ${userIdx}`.execute(tx);
  return rows[0]?.last_seq ?? 0;
}

/** A first pull's listing of the scope, in (entity, key) order after the given position. */
export async function scopeAfter(
  tx: DbOrTx,
  { userIdx, entity, key, limit }: { userIdx: number; entity: string; key: number; limit: number },
): Promise<FeedEntry[]> {
  const { rows } = await sql<FeedEntry>`SELECT 0 AS version, entity, key, 0 AS deleted FROM sync_feed
    WHERE f_user_idx = ${userIdx} AND deleted = 0 AND (entity, key) > (${entity} COLLATE "C", ${key})
    ORDER BY entity, key LIMIT ${limit}`.execute(tx);
  return rows;
}

/** Then the registered sites in scope that have units, by site. */
export async function scopeUnitsAfter(
  tx: DbOrTx,
  { userIdx, key, limit }: { userIdx: number; key: number; limit: number },
): Promise<FeedEntry[]> {
  const { rows } = await sql<FeedEntry>`SELECT 0 AS version, 'units' AS entity, f.key AS key, 0 AS deleted
    FROM sync_feed f JOIN sites s ON s.f_idx = f.key AND s.f_status = 'N'
    WHERE f.f_user_idx = ${userIdx} AND f.entity = 'site' AND f.deleted = 0 AND f.key > ${key}
      AND EXISTS (SELECT 1 FROM dongs d WHERE d.f_site_idx = f.key)
    ORDER BY f.key LIMIT ${limit}`.execute(tx);
  return rows;
}

/**
 * Changes after the cursor (version, entity, key), up to `limit`, in (version, entity, key)
 * order: the member's feed rows, and the content and unit versions of the sites in scope.
 */
export async function changesAfter(
  tx: DbOrTx,
  {
    userIdx,
    version,
    entity,
    key,
    limit,
  }: { userIdx: number; version: number; entity: string; key: number; limit: number },
): Promise<FeedEntry[]> {
  const after = sql`(${version}::bigint, ${entity} COLLATE "C", ${key}::bigint)`;
  const inScope = (site: string) => sql`EXISTS (SELECT 1 FROM sync_feed f WHERE f.f_user_idx = ${userIdx}
    AND f.entity = 'site' AND f.key = ${sql.ref(site)} AND f.deleted = 0)`;
  const { rows } = await sql<FeedEntry>`SELECT version, entity, key, deleted, "fromFeed" FROM (
      (SELECT version, entity, key, deleted, 1 AS "fromFeed" FROM sync_feed
       WHERE f_user_idx = ${userIdx} AND version >= ${version} AND (version, entity, key) > ${after}
       ORDER BY version, entity, key LIMIT ${limit})
      UNION ALL
      (SELECT sv.version, 'site' COLLATE "C", sv.f_site_idx, 0, 0 FROM sync_site_versions sv
       WHERE sv.version >= ${version} AND (sv.version, 'site' COLLATE "C", sv.f_site_idx) > ${after}
         AND ${inScope('sv.f_site_idx')}
       ORDER BY sv.version, sv.f_site_idx LIMIT ${limit})
      UNION ALL
      (SELECT sv.units_version, 'units' COLLATE "C", sv.f_site_idx, 0, 0 FROM sync_site_versions sv
       WHERE sv.units_version >= ${version} AND (sv.units_version, 'units' COLLATE "C", sv.f_site_idx) > ${after}
         AND ${inScope('sv.f_site_idx')}
       ORDER BY sv.units_version, sv.f_site_idx LIMIT ${limit})
    ) c ORDER BY version, entity COLLATE "C", key LIMIT ${limit}`.execute(tx);
  return rows;
}
