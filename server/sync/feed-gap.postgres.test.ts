import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { changesAfter, inPullSnapshot } from './pull.postgres.ts';

/**
 * The change feed on PostgreSQL never lets a cursor pass a change that commits later
 * (docs/sync.md, "PostgreSQL: versions in commit order"). The scenario holds one writing
 * transaction open while another commits, pulls in between, then commits the held one and
 * pulls again: everything written must have come out. It runs against the feed as migrated,
 * and against the same triggers and pull with plain sequence versions (taken when a row is
 * written, as a SERIAL column would), which lose the held change: so the scenario can tell a
 * gap-safe feed from one that is not.
 */

const MEMBER = 1;
/** Sites 1 and 2 for the scenario, 3 the one every stress writer also writes, then one per stress transaction. */
const SITES = Array.from({ length: 130 }, (_, i) => i + 1);
const HOT_SITE = 3;

/** A feed as the scenario drives it: write inside an open transaction, pull after a cursor. */
interface FeedUnderTest {
  /** A memo (a feed row) and a site edit (its content version) of `siteIdx`. */
  write: (client: pg.PoolClient, siteIdx: number) => Promise<void>;
  /** The cursor of a device that has everything so far. */
  start: () => Promise<string>;
  /** Everything after `cursor`, page by page: the changes seen as `entity:key`, and the last cursor. */
  pullAll: (cursor: string) => Promise<{ seen: string[]; cursor: string }>;
}

const changesOf = (siteIdx: number) => [`memo:${siteIdx}`, `site:${siteIdx}`];
let writes = 0;

function feedOf(database: TestPostgres): FeedUnderTest {
  const { db, pool } = database.handle;
  const parse = (cursor: string) => {
    const [version = '0', entity = '~', key = '0'] = cursor.split(':');
    return { version: Number(version), entity, key: Number(key) };
  };
  return {
    write: async (client, siteIdx) => {
      writes++;
      await client.query(
        `INSERT INTO site_memos (f_user_idx, f_site_idx, f_memo, f_update_time)
         VALUES ($1, $2, $3, '2026-11-27T00:00:00.000Z')
         ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET f_memo = excluded.f_memo`,
        [MEMBER, siteIdx, `memo ${writes}`],
      );
      await client.query('UPDATE sites SET f_name = $1 WHERE f_idx = $2', [`site ${writes}`, siteIdx]);
    },
    start: async () => {
      const { rows } = await pool.query<{ version: number }>(
        'SELECT greatest((SELECT version FROM sync_clock), (SELECT max(version) FROM sync_feed)) AS version',
      );
      return `${rows[0]?.version}:~:0`;
    },
    pullAll: async (cursor) => {
      const seen: string[] = [];
      let position = parse(cursor);
      for (;;) {
        const page = await inPullSnapshot(db, (tx) =>
          changesAfter(tx, { userIdx: MEMBER, ...position, limit: 3 }),
        );
        for (const change of page) seen.push(`${change.entity}:${change.key}`);
        const last = page.at(-1);
        if (last) position = { version: last.version, entity: last.entity, key: last.key };
        if (page.length < 3) break;
      }
      return { seen, cursor: `${position.version}:${position.entity}:${position.key}` };
    },
  };
}

/** What the pulls missed of two writes when the first committed after the second was pulled. */
async function heldWriterScenario(database: TestPostgres): Promise<string[]> {
  const feed = feedOf(database);
  const { pool } = database.handle;
  const [held, other] = [await pool.connect(), await pool.connect()];
  try {
    let cursor = (await feed.pullAll(await feed.start())).cursor;
    await held.query('BEGIN');
    await feed.write(held, 1);
    await other.query('BEGIN');
    await feed.write(other, 2);
    await other.query('COMMIT');
    const first = await feed.pullAll(cursor);
    cursor = first.cursor;
    await held.query('COMMIT');
    const second = await feed.pullAll(cursor);
    const seen = new Set([...first.seen, ...second.seen]);
    return [...changesOf(1), ...changesOf(2)].filter((c) => !seen.has(c));
  } finally {
    held.release();
    other.release();
  }
}

async function databaseWithSites(): Promise<TestPostgres> {
  const database = await freshPostgresDatabase();
  const { pool } = database.handle;
  await pool.query(`INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time)
    VALUES (${MEMBER}, '01000000001', '', 'member', '2026-11-27T00:00:00.000Z')`);
  await pool.query(
    `INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_reg_time, f_update_time)
     SELECT i, 'site', 'O', ${MEMBER}, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z'
     FROM unnest($1::bigint[]) AS i`,
    [SITES],
  );
  return database;
}

let database: TestPostgres;
/** The same schema, but a change's version comes from a sequence when it is written. */
let plainVersions: TestPostgres;
beforeAll(async () => {
  [database, plainVersions] = await Promise.all([databaseWithSites(), databaseWithSites()]);
  await plainVersions.handle.pool.query(`CREATE SEQUENCE plain_versions START 1000;
    CREATE OR REPLACE FUNCTION sync_version() RETURNS bigint LANGUAGE sql AS 'SELECT nextval(''plain_versions'')'`);
});
afterAll(async () => {
  await Promise.all([database.drop(), plainVersions.drop()]);
});

describe('the change feed on PostgreSQL', () => {
  it('would lose the held change with versions taken when rows are written (the scenario catches a gap)', async () => {
    // The held write took version 1000, the other 1001; the pull in between moved the cursor past 1000.
    expect(await heldWriterScenario(plainVersions)).toEqual(changesOf(1));
  });

  it('hands a change that commits after a later one was pulled to the next pull', async () => {
    expect(await heldWriterScenario(database)).toEqual([]);
  });

  it('misses nothing while writers commit in any order and a reader pulls throughout', async () => {
    const feed = feedOf(database);
    const { pool } = database.handle;
    let cursor = (await feed.pullAll(await feed.start())).cursor;
    const seen = new Set<string>();
    const written = new Set<string>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const page = await feed.pullAll(cursor);
        cursor = page.cursor;
        for (const c of page.seen) seen.add(c);
      }
    })();
    // Six writers, twenty transactions each: each writes a site of its own and the one they all
    // write (so they also wait on each other's rows), and holds its transaction open for a
    // different number of round trips, so commits interleave with writes and pulls.
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (writer) => {
        const client = await pool.connect();
        try {
          for (let i = 0; i < 20; i++) {
            const site = 10 + writer * 20 + i;
            await client.query('BEGIN');
            await feed.write(client, site);
            for (let extra = 0; extra < (writer + i) % 4; extra++) await client.query('SELECT 1');
            await feed.write(client, HOT_SITE);
            await client.query('COMMIT');
            for (const c of changesOf(site)) written.add(c);
          }
        } finally {
          client.release();
        }
      }),
    );
    writing = false;
    await reader;
    for (const c of (await feed.pullAll(cursor)).seen) seen.add(c);
    expect([...written].filter((c) => !seen.has(c))).toEqual([]);
    const { rows } = await pool.query<{ pending: number }>(
      'SELECT count(*) AS pending FROM sync_feed WHERE version > (SELECT version FROM sync_clock)',
    );
    expect(rows[0]?.pending).toBe(0);
  });
});
