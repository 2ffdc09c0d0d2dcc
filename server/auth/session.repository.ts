import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { cached } from '../db/statements.ts';
import type { Session } from '../users/users.tables.ts';

/** The stored sessions (session.ts holds the rules that read them). */

const SESSION_COLUMNS = [
  'f_idx',
  'f_user_idx',
  'token_hash',
  'device_id',
  'created_at',
  'expires_at',
  'last_seen_at',
  'admin_unlocked_until',
  'ended_at',
  'end_reason',
  'f_by_admin',
] as const;

const LOOKUP = `SELECT ${SESSION_COLUMNS.map((c) => `s.${c} AS s__${c}`).join(', ')},
    a.f_type AS a__f_type, a.f_phone AS a__f_phone, a.f_status AS a__f_status,
    a.f_withdrawn_time AS a__f_withdrawn_time, u.*
  FROM sessions s LEFT JOIN users u ON u.f_idx = s.f_user_idx
  LEFT JOIN users a ON a.f_idx = s.f_by_admin WHERE s.token_hash = `;

/**
 * The session with this token hash, its member (every column, `u.*`) and the admin who opened
 * it as a member's view (columns `a__…`), the session's own columns as `s__…`; undefined when
 * there is none. One prepared statement: it runs on every signed-in call, so it skips the query
 * builder (measured: the lookup was most of a cached map search).
 */
export async function findSessionRow({
  db,
  tokenHash,
}: {
  db: DbOrTx;
  tokenHash: string;
}): Promise<Record<string, unknown> | undefined> {
  if (dialectOf(db) === 'postgres') {
    // pg prepares nothing by name here; the pool's connection keeps the plan cheap enough.
    const found = await sql<Record<string, unknown>>`${sql.raw(LOOKUP)}${tokenHash}`.execute(db);
    return found.rows[0];
  }
  return cached({ db, sql: `${LOOKUP}?` }).get(tokenHash) as Record<string, unknown> | undefined;
}

/** Ends every open session of a member. */
export async function endOpenSessions({
  db,
  userIdx,
  time,
  reason,
}: {
  db: DbOrTx;
  userIdx: number;
  time: string;
  reason: NonNullable<Session['end_reason']>;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: time, end_reason: reason })
    .where('f_user_idx', '=', userIdx)
    .where('ended_at', 'is', null)
    .execute();
}
