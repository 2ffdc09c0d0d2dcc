import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';

/**
 * How a map change gets its number on PostgreSQL (migrations/postgres/0030_map_changes.ts):
 * provisional inside its transaction, a real one at commit, in commit order, so the in-memory
 * map copy that reads "changed since n" never passes over a change that commits later.
 */

const PROVISIONAL = 2 ** 52;
const MEMBER = 1;

let database: TestPostgres;
let pool: pg.Pool;

const numberOf = async (client: pg.Pool | pg.PoolClient, siteIdx: number) =>
  (await client.query<{ f_seq: string }>('SELECT f_seq FROM map_changes WHERE f_idx = $1', [siteIdx])).rows[0]
    ?.f_seq;

/** Moves a site on the map: its map row is written again. */
const move = (client: pg.PoolClient, siteIdx: number) =>
  client.query('UPDATE sites SET f_latitude = f_latitude + 0.0001 WHERE f_idx = $1', [siteIdx]);

async function begin(): Promise<pg.PoolClient> {
  const client = await pool.connect();
  await client.query('BEGIN');
  return client;
}

async function end(client: pg.PoolClient, how: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await client.query(how);
  client.release();
}

beforeAll(async () => {
  database = await freshPostgresDatabase();
  pool = database.handle.pool;
  await pool.query(`INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time)
    VALUES (${MEMBER}, '01000000001', '', 'member', '2026-11-27T00:00:00.000Z')`);
  await pool.query(`INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_reg_time, f_update_time,
      f_latitude, f_longitude)
    SELECT i, 'site', 'O', ${MEMBER}, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z', 37.5, 127
    FROM generate_series(1, 5) AS i`);
});
afterAll(async () => {
  await database.drop();
});

describe('a map change number on PostgreSQL', () => {
  it('is above every real number inside its transaction, and the next real one once committed', async () => {
    const before = Number(await numberOf(pool, 5));
    const client = await begin();
    await move(client, 1);
    expect(Number(await numberOf(client, 1))).toBeGreaterThanOrEqual(PROVISIONAL);
    await end(client, 'COMMIT');
    const after = Number(await numberOf(pool, 1));
    expect(after).toBeLessThan(PROVISIONAL);
    expect(after).toBeGreaterThan(before);
  });

  it('is higher for the transaction that commits later, whichever wrote first', async () => {
    const first = await begin();
    await move(first, 2);
    const second = await begin();
    await move(second, 3);
    await end(second, 'COMMIT');
    await end(first, 'COMMIT');
    expect(Number(await numberOf(pool, 2))).toBeGreaterThan(Number(await numberOf(pool, 3)));
  });

  it('is never written by a transaction that rolls back', async () => {
    const before = await numberOf(pool, 4);
    const client = await begin();
    await move(client, 4);
    await end(client, 'ROLLBACK');
    expect(await numberOf(pool, 4)).toBe(before);
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM map_changes WHERE f_seq >= ${PROVISIONAL}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});
