import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../server/db/database.ts';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';

/**
 * The triggers of both databases (feed, map, inlay files) keep their tables the same way: the
 * same writes, one transaction per step, leave the same rows and touch the same feed rows and
 * site versions in each step. Versions themselves differ by design (SQLite takes one per
 * trigger, PostgreSQL one per transaction), so a step is compared by what it moved past the
 * clock it started from.
 */

const T = "'2026-11-27T01:00:00.000Z'";
const site = (idx: number, values: Record<string, string | number | null>) => {
  const row: Record<string, string | number | null> = {
    f_idx: idx,
    f_name: `'현장 ${idx} Tower'`,
    f_site_type: "'O'",
    f_address1: "'서울 강남구 역삼동'",
    f_address2: "'101'",
    f_latitude: 37.5 + idx / 1000,
    f_longitude: 127.01 + idx / 1000,
    f_reg_time: T,
    f_update_time: T,
    ...values,
  };
  return `INSERT INTO sites (${Object.keys(row).join(', ')}) VALUES (${Object.values(row)
    .map((v) => (v === null ? 'NULL' : v))
    .join(', ')})`;
};
const hos = (idx: number, siteIdx: number, dong: number, price: number, toilet: number) =>
  `INSERT INTO hos (f_idx, f_site_idx, f_dong_idx, f_floor, f_ho, f_toilet, f_sale_price, f_charter_price)
   VALUES (${idx}, ${siteIdx}, ${dong}, 1, '${idx}호', ${toilet}, ${price}, ${price / 2})`;

const steps: Array<[string, string[]]> = [
  [
    'members, a group and sites',
    [
      ...[1, 2, 3, 4].map(
        (u) =>
          `INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time) VALUES (${u}, '0100000000${u}', '', 'M${u}', ${T})`,
      ),
      `INSERT INTO groups (f_idx, f_name, f_owner_idx, f_reg_time) VALUES (1, 'G', 1, ${T})`,
      `INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time) VALUES (1, 1, ${T}), (1, 2, ${T})`,
      site(1, {
        f_user_idx: 1,
        f_group_idx: 1,
        f_inlay_image_url: `'["/uploads/a.jpg", 3, "/uploads/b.jpg"]'`,
      }),
      site(2, { f_user_idx: 1, f_status: "'P'" }),
      site(3, { f_user_idx: 2, f_site_type: "'G'", f_hidden: "'Y'", f_group_idx: 1 }),
      site(4, { f_user_idx: 4, f_site_type: "'U'" }),
      site(5, {
        f_user_idx: 1,
        f_latitude: null,
        f_longitude: null,
        f_inlay_image_url: `'"/uploads/c.jpg"'`,
      }),
    ],
  ],
  [
    'area types, buildings and units',
    [
      `INSERT INTO site_rooms (f_idx, f_site_idx, f_room, f_exclusive_pyong, f_real_pyong) VALUES (1, 1, 2, 24.5, 33.1), (2, 1, 3, 31.2, 40)`,
      `INSERT INTO dongs (f_idx, f_site_idx, f_dong, f_floor_count, f_units_per_floor) VALUES (1, 1, '101동', 10, 2)`,
      hos(1, 1, 1, 50000, 1),
      hos(2, 1, 1, 42000, 2),
      `INSERT INTO site_contacts (f_idx, f_site_idx, f_name, f_phone) VALUES (1, 1, '분양팀', '0212345678')`,
    ],
  ],
  [
    'likes, recent views, memos, notifications and a conflict',
    [
      `INSERT INTO site_likes (f_user_idx, f_site_idx, f_reg_time) VALUES (3, 1, ${T}), (4, 3, ${T})`,
      `INSERT INTO site_recent_views (f_user_idx, f_site_idx, f_view_time) VALUES (4, 1, ${T})`,
      `INSERT INTO site_memos (f_user_idx, f_site_idx, f_update_time) VALUES (3, 1, ${T})`,
      `INSERT INTO notifications (f_idx, f_user_idx, f_site_idx, f_reg_time, f_update_time) VALUES (1, 1, 1, ${T}, ${T})`,
      `INSERT INTO notify_inbox (f_idx, f_notify_idx, f_user_idx, f_due, f_send_time) VALUES (1, 1, 2, 'write', ${T})`,
      `INSERT INTO sync_conflicts (f_idx, f_user_idx, f_site_idx, draft_id, fields, mine, theirs, base, theirs_version, f_reg_time)
       VALUES (1, 1, 2, 'd1', '[]', '{}', '{}', '{}', 1, ${T})`,
    ],
  ],
  [
    'edits that do not change scope',
    [
      `UPDATE sites SET f_name = '래미안 강남 Hills' WHERE f_idx = 1`,
      'UPDATE hos SET f_sale_price = 39000 WHERE f_idx = 2',
      'UPDATE site_rooms SET f_exclusive_pyong = 20 WHERE f_idx = 2',
      `UPDATE notifications SET f_title = '수정' WHERE f_idx = 1`,
      `UPDATE sync_conflicts SET resolved_at = ${T} WHERE f_idx = 1`,
      `UPDATE site_memos SET f_memo = '메모' WHERE f_user_idx = 3`,
    ],
  ],
  [
    'scope changes: hiding, registering, a transfer, leaving a group',
    [
      `UPDATE sites SET f_hidden = 'Y' WHERE f_idx = 1`,
      `UPDATE sites SET f_status = 'N' WHERE f_idx = 2`,
      'UPDATE sites SET f_user_idx = 1, f_group_idx = NULL WHERE f_idx = 3',
      'DELETE FROM group_members WHERE f_group_idx = 1 AND f_user_idx = 2',
      `UPDATE sites SET f_inlay_image_url = 'not json' WHERE f_idx = 5`,
    ],
  ],
  [
    'removals',
    [
      'DELETE FROM hos WHERE f_idx = 1',
      'DELETE FROM site_rooms WHERE f_idx = 1',
      'DELETE FROM site_likes WHERE f_user_idx = 4',
      'DELETE FROM notify_inbox WHERE f_idx = 1',
      'DELETE FROM sites WHERE f_idx = 5',
      `UPDATE sites SET f_hidden = 'N' WHERE f_idx = 1`,
      'DELETE FROM users WHERE f_idx = 3',
    ],
  ],
];

type AnyDb = Kysely<any>;

async function rows(db: AnyDb, query: string): Promise<unknown[]> {
  return (await sql.raw(query).execute(db)).rows;
}

/** What a step left behind and what it touched, comparable across the two databases. */
async function observe(db: AnyDb, before: number) {
  return {
    feed: await rows(db, 'SELECT f_user_idx, entity, key, deleted FROM sync_feed ORDER BY 1, 2, 3'),
    touchedFeed: await rows(
      db,
      `SELECT f_user_idx, entity, key FROM sync_feed WHERE version > ${before} ORDER BY 1, 2, 3`,
    ),
    touchedSites: await rows(
      db,
      `SELECT f_site_idx FROM sync_site_versions WHERE version > ${before} ORDER BY 1`,
    ),
    touchedUnits: await rows(
      db,
      `SELECT f_site_idx FROM sync_site_versions WHERE units_version > ${before} ORDER BY 1`,
    ),
    mapSites: await rows(
      db,
      `SELECT f_cell, f_idx, f_lat_e6, f_lng_e6, f_site_type, f_latitude, f_longitude, f_complete, f_reg_time,
         f_room_mask, f_excl_min, f_excl_max, f_real_min, f_real_max, f_toilet_mask,
         f_u_sale_min, f_u_sale_max, f_u_charter_min, f_u_charter_max, f_u_invest_min
       FROM map_sites ORDER BY f_idx`,
    ),
    inlayFiles: await rows(db, 'SELECT url, f_site_idx FROM site_inlay_files ORDER BY 1, 2'),
    // Which sites' map rows ever changed (the numbers differ: PostgreSQL gives them at commit).
    mapChanges: await rows(db, 'SELECT f_idx FROM map_changes ORDER BY f_idx'),
  };
}

const clock = async (db: AnyDb) =>
  Number(
    ((await sql.raw('SELECT version FROM sync_clock').execute(db)).rows[0] as { version: number }).version,
  );

let sqlite: DatabaseHandle;
let postgres: TestPostgres;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([openTestDatabase(), freshPostgresDatabase()]);
});
afterAll(async () => {
  await sqlite.close();
  await postgres.drop();
});

describe('the triggers of both databases', () => {
  it('keep the feed, the site versions, the map rows and the inlay files alike, step by step', async () => {
    for (const [name, statements] of steps) {
      const observed = [];
      for (const db of [sqlite.db, postgres.handle.db] as AnyDb[]) {
        const before = await clock(db);
        await db.transaction().execute(async (tx) => {
          for (const statement of statements) await sql.raw(statement).execute(tx);
        });
        observed.push(await observe(db, before));
      }
      expect(observed[1], name).toEqual(observed[0]);
    }
  });

  it('index the same search text for a site', async () => {
    const fts = await rows(sqlite.db, 'SELECT rowid AS f_idx, text FROM map_fts ORDER BY rowid');
    const search = await rows(
      postgres.handle.db,
      'SELECT f_idx, f_search AS text FROM map_sites ORDER BY f_idx',
    );
    expect(search).toEqual(fts);
    expect(search.length).toBeGreaterThan(0);
  });
});
