import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';

/**
 * How a change gets its version on PostgreSQL (migrations/postgres/0021_4_sync.ts): provisional
 * inside its transaction, the next one of sync_clock when it commits.
 */

const PROVISIONAL = 2 ** 52;
const MEMBER = 1;

let database: TestPostgres;
let pool: pg.Pool;

const clock = async () =>
  Number((await pool.query<{ version: number }>('SELECT version FROM sync_clock')).rows[0]?.version);

const memoVersion = async (client: pg.Pool | pg.PoolClient, siteIdx: number) =>
  (
    await client.query<{ version: number }>(
      `SELECT version FROM sync_feed WHERE f_user_idx = $1 AND entity = 'memo' AND key = $2`,
      [MEMBER, siteIdx],
    )
  ).rows[0]?.version;

const writeMemo = (client: pg.PoolClient, siteIdx: number) =>
  client.query(
    `INSERT INTO site_memos (f_user_idx, f_site_idx, f_update_time) VALUES ($1, $2, '2026-11-27T00:00:00.000Z')
     ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET f_memo = site_memos.f_memo || '.'`,
    [MEMBER, siteIdx],
  );

/** Runs `body` on a connection of its own, in a transaction it commits. */
async function transaction<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  database = await freshPostgresDatabase();
  pool = database.handle.pool;
  await pool.query(`INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time)
    VALUES (${MEMBER}, '01000000001', '', 'member', '2026-11-27T00:00:00.000Z')`);
  await pool.query(`INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_reg_time, f_update_time)
    SELECT i, 'site', 'O', ${MEMBER}, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z'
    FROM generate_series(1, 10) AS i`);
});
afterAll(async () => {
  await database.drop();
});

describe('a change version on PostgreSQL', () => {
  it('is above every committed version inside its transaction, and the next version once committed', async () => {
    const before = await clock();
    const inside = await transaction(async (client) => {
      await writeMemo(client, 1);
      return memoVersion(client, 1);
    });
    expect(inside).toBeGreaterThanOrEqual(PROVISIONAL);
    expect(await clock()).toBe(before + 1);
    expect(await memoVersion(pool, 1)).toBe(before + 1);
  });

  it('is one for the whole transaction, however many rows it writes', async () => {
    const before = await clock();
    await transaction(async (client) => {
      for (const site of [2, 3, 4]) await writeMemo(client, site);
      await client.query(`UPDATE sites SET f_name = 'renamed' WHERE f_idx IN (2, 3)`);
    });
    expect(await clock()).toBe(before + 1);
    const { rows } = await pool.query<{ version: number }>(
      `SELECT DISTINCT version FROM sync_feed WHERE entity = 'memo' AND key IN (2, 3, 4)
       UNION SELECT version FROM sync_site_versions WHERE f_site_idx IN (2, 3)`,
    );
    expect(rows.map((r) => r.version)).toEqual([before + 1]);
  });

  it('is never taken by a transaction that rolls back', async () => {
    const before = await clock();
    await expect(
      transaction(async (client) => {
        await writeMemo(client, 5);
        throw new Error('gave up');
      }),
    ).rejects.toThrow('gave up');
    expect(await clock()).toBe(before);
    expect(await memoVersion(pool, 5)).toBeUndefined();
  });

  it('reaches writes made after a savepoint was rolled back and after constraints were made immediate', async () => {
    const before = await clock();
    await transaction(async (client) => {
      await client.query('SAVEPOINT s');
      await writeMemo(client, 6);
      await client.query('ROLLBACK TO SAVEPOINT s');
      await writeMemo(client, 7);
      // Runs the deferred stamping now; what is written afterwards is stamped at commit.
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      await writeMemo(client, 8);
    });
    expect(await memoVersion(pool, 6)).toBeUndefined();
    expect(await memoVersion(pool, 7)).toBe(before + 1);
    expect(await memoVersion(pool, 8)).toBe(before + 2);
    expect(await clock()).toBe(before + 2);
  });

  it('lets a writer waiting for a row the other holds finish after it, without a deadlock', async () => {
    // With a lock taken at the first feed write, the first writer would hold the clock while
    // waiting for the member row, and the second hold the row while waiting for the clock.
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await writeMemo(first, 9);
      await second.query('BEGIN');
      await second.query(`UPDATE users SET f_name = 'second' WHERE f_idx = ${MEMBER}`);
      const pid = (await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const waiting = first.query(`UPDATE users SET f_name = 'first' WHERE f_idx = ${MEMBER}`);
      // Wait until the first writer is blocked on the member row.
      for (;;) {
        const { rows } = await pool.query<{ blocked: number }>(
          'SELECT count(*) AS blocked FROM pg_locks WHERE pid = $1 AND NOT granted',
          [pid],
        );
        if (rows[0]?.blocked) break;
      }
      await writeMemo(second, 10);
      await second.query('COMMIT');
      await waiting;
      await first.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    const [nine, ten] = [await memoVersion(pool, 9), await memoVersion(pool, 10)];
    expect(ten).toBeLessThan(nine as number);
    expect(nine).toBe(await clock());
  });
});
