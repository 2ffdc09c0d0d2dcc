import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import {
  changesAfter,
  feedClock,
  inPullSnapshot,
  lastSeqOf,
  scopeAfter,
  scopeUnitsAfter,
} from './pull.postgres.ts';

/**
 * The pull's reads on PostgreSQL walk the feed in the order and with the cursor of SQLite's
 * (pull.repository.ts). The test database's default collation is ICU en-US, under which '~'
 * sorts before letters: the cursor "after every entity of a version" must still mean that.
 */

const MEMBER = 1;
const T = "'2026-11-27T00:00:00.000Z'";

let database: TestPostgres;
const run = (statement: string) => database.handle.pool.query(statement);

beforeAll(async () => {
  database = await freshPostgresDatabase();
  await run(
    `INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time) VALUES (${MEMBER}, '01000000001', '', 'm', ${T})`,
  );
  await run(`INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_status, f_reg_time, f_update_time)
    VALUES (1, 'a', 'O', ${MEMBER}, 'N', ${T}, ${T}), (2, 'b', 'O', ${MEMBER}, 'N', ${T}, ${T}), (3, 'c', 'O', ${MEMBER}, 'P', ${T}, ${T})`);
  await run(`INSERT INTO dongs (f_idx, f_site_idx, f_dong, f_floor_count, f_units_per_floor)
    VALUES (1, 2, '101동', 3, 2), (2, 3, '101동', 3, 2)`);
  await run(`INSERT INTO site_memos (f_user_idx, f_site_idx, f_update_time) VALUES (${MEMBER}, 1, ${T})`);
  await run(`INSERT INTO sync_clients (client_id, f_user_idx, last_seq, created_at, last_seen_at)
    VALUES ('device-1', ${MEMBER}, 7, ${T}, ${T})`);
});
afterAll(async () => {
  await database.drop();
});

describe('the pull on PostgreSQL', () => {
  it("lists a first pull's scope page by page, then the registered sites with units", async () => {
    const { db } = database.handle;
    const listed = await inPullSnapshot(db, async (tx) => {
      const first = await scopeAfter(tx, { userIdx: MEMBER, entity: '', key: 0, limit: 2 });
      const last = first.at(-1);
      const rest = await scopeAfter(tx, {
        userIdx: MEMBER,
        entity: last?.entity ?? '',
        key: last?.key ?? 0,
        limit: 2,
      });
      const units = await scopeUnitsAfter(tx, { userIdx: MEMBER, key: 0, limit: 10 });
      return {
        pages: [first, rest].map((page) => page.map((r) => `${r.entity}:${r.key}`)),
        units: units.map((r) => r.key),
        lastSeq: await lastSeqOf(tx, { clientId: 'device-1', userIdx: MEMBER }),
        otherDevice: await lastSeqOf(tx, { clientId: 'device-2', userIdx: MEMBER }),
      };
    });
    expect(listed).toEqual({
      pages: [
        ['memo:1', 'site:1'],
        ['site:2', 'site:3'],
      ],
      // The draft (3) carries its units inside it.
      units: [2],
      lastSeq: 7,
      otherDevice: 0,
    });
  });

  it('takes a cursor at the end of a version as after every entity of it, whatever the default collation', async () => {
    const { db, pool } = database.handle;
    // This database's own collation puts '~' first: the reads must not rely on it.
    const { rows } = await pool.query<{ after: number }>(`SELECT 'site' > '~' AS after`);
    expect(rows[0]?.after).toBe(1);

    await run(
      `BEGIN; UPDATE site_memos SET f_memo = 'x' WHERE f_site_idx = 1; UPDATE sites SET f_name = 'z' WHERE f_idx = 1; COMMIT`,
    );
    const version = await feedClock(db);
    const read = (entity: string, key: number) =>
      inPullSnapshot(db, (tx) => changesAfter(tx, { userIdx: MEMBER, version, entity, key, limit: 10 })).then(
        (page) => page.map((r) => `${r.version === version ? 'v' : r.version}:${r.entity}:${r.key}`),
      );
    expect(await read('', 0)).toEqual(['v:memo:1', 'v:site:1']);
    expect(await read('memo', 1)).toEqual(['v:site:1']);
    expect(await read('~', 0)).toEqual([]);
  });

  it("brings a registered site's units after its content when its buildings change", async () => {
    const { db } = database.handle;
    const before = await feedClock(db);
    await run(`UPDATE dongs SET f_dong = '102동' WHERE f_idx = 1`);
    const page = await inPullSnapshot(db, (tx) =>
      changesAfter(tx, { userIdx: MEMBER, version: before, entity: '~', key: 0, limit: 10 }),
    );
    expect(page).toEqual([
      { version: before + 1, entity: 'site', key: 2, deleted: 0, fromFeed: 0 },
      { version: before + 1, entity: 'units', key: 2, deleted: 0, fromFeed: 0 },
    ]);
  });
});
