import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { type DatabaseHandle, type Db, openTestDatabase } from './database.ts';
import { dialectOf } from './dialect.ts';
import { jsonArray, jsonArrayAgg, jsonObject, jsonText, records, valueList } from './json.ts';
import { containsKeyword } from './keyword.ts';
import { claimUnlocked, forUpdate } from './locking.ts';
import { isoNow, seoulDate } from './time.ts';
import { retryingTransaction } from './transaction.ts';

/**
 * What differs between the databases, in one place per concern (server/db/): each helper gives
 * the same answer on SQLite and on PostgreSQL.
 */

let sqlite: DatabaseHandle;
let postgres: TestPostgres;
const both = (): Array<[string, Db]> => [
  ['sqlite', sqlite.db],
  ['postgres', postgres.handle.db],
];

/** The rows of `query` on each database, for comparing them. */
async function onBoth<T>(query: (db: Db) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const [, db] of both()) out.push(await query(db));
  return out;
}

const NAMES = [
  '래미안 강남 Tower',
  '강남역 오피스텔',
  'Café Hills',
  'CAFÉ HILLS',
  '50% 할인',
  'a_b 현장',
  'back\\slash',
  '역삼',
];

beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([openTestDatabase(), freshPostgresDatabase()]);
  for (const [, db] of both()) {
    await sql`INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_point, f_reg_time)
      VALUES (1, '01000000001', '', 'a', 100, '2026-11-27T00:00:00.000Z'),
             (2, '01000000002', '', 'b', 250, '2026-11-27T00:00:00.000Z')`.execute(db);
    for (const [i, name] of NAMES.entries()) {
      await sql`INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_latitude, f_image_urls, f_reg_time, f_update_time)
        VALUES (${i + 1}, ${name}, 'O', 1, ${37.566535 + i / 10}, ${JSON.stringify([`/uploads/${i}.jpg`])},
          ${`2026-11-${String(20 + i).padStart(2, '0')}T15:00:00.000Z`}, '2026-11-27T00:00:00.000Z')`.execute(
        db,
      );
    }
  }
});
afterAll(async () => {
  await sqlite.close();
  await postgres.drop();
});

describe('the database helpers', () => {
  it('tell which database a handle or a transaction talks to', async () => {
    expect(dialectOf(sqlite.db)).toBe('sqlite');
    expect(dialectOf(postgres.handle.db)).toBe('postgres');
    expect(await postgres.handle.db.transaction().execute(async (tx) => dialectOf(tx))).toBe('postgres');
  });

  it('read counts, sums, comparisons and stored values back as the same JavaScript values', async () => {
    const [fromSqlite, fromPostgres] = await onBoth(
      async (db) =>
        (
          await sql`SELECT count(*) AS n, sum(f_point) AS total, max(f_point) AS top, avg(f_point) AS mean,
          1 < 2 AS yes, EXISTS (SELECT 1 FROM users WHERE f_point > 1000) AS no, f_phone, f_reg_time
          FROM users WHERE f_idx = 1 OR f_idx = 2 GROUP BY f_phone, f_reg_time ORDER BY f_phone`.execute(db)
        ).rows,
    );
    expect(fromPostgres).toEqual(fromSqlite);
    expect(fromSqlite).toEqual([
      {
        n: 1,
        total: 100,
        top: 100,
        mean: 100,
        yes: 1,
        no: 0,
        f_phone: '01000000001',
        f_reg_time: '2026-11-27T00:00:00.000Z',
      },
      {
        n: 1,
        total: 250,
        top: 250,
        mean: 250,
        yes: 1,
        no: 0,
        f_phone: '01000000002',
        f_reg_time: '2026-11-27T00:00:00.000Z',
      },
    ]);
    const latitudes = await onBoth((db) =>
      db.selectFrom('sites').select('f_latitude').orderBy('f_idx').execute(),
    );
    expect(latitudes[1]).toEqual(latitudes[0]);
  });

  it('insert, ignore a duplicate and upsert through kysely alike', async () => {
    const rows = await onBoth(async (db) => {
      const row = { key: 'probe', value: 'first' };
      const inserted = await db.insertInto('app_settings').values(row).returning('key').executeTakeFirst();
      const ignored = await db
        .insertInto('app_settings')
        .values({ ...row, value: 'second' })
        .onConflict((oc) => oc.doNothing())
        .returning('key')
        .executeTakeFirst();
      await db
        .insertInto('app_settings')
        .values({ ...row, value: 'third' })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
      const stored = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'probe')
        .executeTakeFirst();
      return { inserted, ignored, stored };
    });
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[0]).toEqual({ inserted: { key: 'probe' }, ignored: undefined, stored: { value: 'third' } });
  });

  it('write the current time as the ISO text the app stores', async () => {
    for (const [name, db] of both()) {
      const { rows } = await sql<{ now: string }>`SELECT ${isoNow(db)} AS now`.execute(db);
      const now = rows[0]?.now ?? '';
      expect(now, name).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(now) - Date.now()), name).toBeLessThan(60_000);
    }
  });

  it("give a stored time's Seoul day and month", async () => {
    const days = await onBoth(
      async (db) =>
        (
          await sql<{ day: string; month: string; before: string }>`SELECT
          ${seoulDate({ db, time: sql<string>`${'2026-11-30T15:00:00.000Z'}`, unit: 'day' })} AS day,
          ${seoulDate({ db, time: sql<string>`${'2026-11-30T15:00:00.000Z'}`, unit: 'month' })} AS month,
          ${seoulDate({ db, time: sql<string>`${'2026-11-30T14:59:59.999Z'}`, unit: 'day' })} AS before`.execute(
            db,
          )
        ).rows,
    );
    expect(days).toEqual([
      [{ day: '2026-12-01', month: '2026-12', before: '2026-11-30' }],
      [{ day: '2026-12-01', month: '2026-12', before: '2026-11-30' }],
    ]);
  });

  it('match keywords the same way: Korean of any length, ASCII in either case, wildcards taken literally', async () => {
    const keywords = [
      '강남',
      '남',
      'tower',
      'TOWER',
      'café',
      'É',
      '50%',
      '%',
      'a_b',
      '_',
      '\\',
      '강남역오피스텔',
    ];
    for (const keyword of keywords) {
      const found = await onBoth(async (db) =>
        (
          await db
            .selectFrom('sites')
            .select('f_idx')
            .where(containsKeyword({ db, text: sql<string>`REPLACE(f_name, ' ', '')`, keyword }))
            .orderBy('f_idx')
            .execute()
        ).map((r) => r.f_idx),
      );
      const expected = NAMES.flatMap((name, i) =>
        name
          .replaceAll(' ', '')
          .replace(/[A-Z]/g, (c) => c.toLowerCase())
          .includes(keyword.replace(/[A-Z]/g, (c) => c.toLowerCase()))
          ? [i + 1]
          : [],
      );
      expect(found, keyword).toEqual([expected, expected]);
    }
  });

  it('pass a list of ids or texts as one parameter', async () => {
    const found = await onBoth(async (db) => ({
      ids: (
        await sql<{
          f_idx: number;
        }>`SELECT f_idx FROM sites WHERE f_idx IN ${valueList({ db, values: [2, 4, 99] })} ORDER BY f_idx`.execute(
          db,
        )
      ).rows,
      names: (
        await sql<{
          f_idx: number;
        }>`SELECT f_idx FROM sites WHERE f_name IN ${valueList({ db, values: ['역삼', 'nowhere'] })}`.execute(
          db,
        )
      ).rows,
      none: (await sql`SELECT f_idx FROM sites WHERE f_idx IN ${valueList({ db, values: [] })}`.execute(db))
        .rows,
    }));
    expect(found[1]).toEqual(found[0]);
    expect(found[0]).toEqual({ ids: [{ f_idx: 2 }, { f_idx: 4 }], names: [{ f_idx: 8 }], none: [] });
  });

  it('pass rows as one parameter that SQL reads as a table, joining and updating by it', async () => {
    const rows = [
      { idx: 2, label: '두번째', score: 1.5 },
      { idx: 4, label: null, score: 2 },
      { idx: 99, label: 'none' },
    ];
    const columns = { idx: 'integer', label: 'text', score: 'real' } as const;
    const found = await onBoth(
      async (db) =>
        (
          await sql<{
            f_idx: number;
            label: string | null;
            score: number | null;
          }>`SELECT s.f_idx, r.label, r.score
            FROM sites s JOIN ${records({ db, rows, columns })} AS r ON r.idx = s.f_idx ORDER BY s.f_idx`.execute(
            db,
          )
        ).rows,
    );
    expect(found[1]).toEqual(found[0]);
    expect(found[0]).toEqual([
      { f_idx: 2, label: '두번째', score: 1.5 },
      { f_idx: 4, label: null, score: 2 },
    ]);
  });

  it('read and build JSON text that parses to the same values', async () => {
    const built = await onBoth(async (db) => {
      const { rows } = await sql<{
        first: string | null;
        missing: string | null;
        site: string;
        list: string;
        empty: string;
      }>`
        SELECT ${jsonText({ db, json: sql<string>`s.f_image_urls`, path: [0] })} AS first,
          ${jsonText({ db, json: sql<string>`s.f_image_urls`, path: [5] })} AS missing,
          ${jsonObject({
            db,
            entries: {
              name: sql`s.f_name`,
              latitude: sql`s.f_latitude`,
              none: sql`NULL`,
              tags: jsonArray({ db, values: [sql`'a"b'`, sql`1`, sql`0.1`] }),
            },
          })} AS site,
          (SELECT ${jsonArrayAgg({ db, value: jsonObject({ db, entries: { idx: sql`x.f_idx`, name: sql`x.f_name` } }), orderBy: [sql`x.f_idx DESC`] })}
            FROM sites x WHERE x.f_idx < 3) AS list,
          (SELECT ${jsonArrayAgg({ db, value: sql`x.f_idx`, orderBy: [sql`x.f_idx`] })} FROM sites x WHERE x.f_idx > 100) AS empty
        FROM sites s WHERE s.f_idx = 1`.execute(db);
      const row = rows[0];
      if (!row) throw new Error('no row');
      return { ...row, site: JSON.parse(row.site), list: JSON.parse(row.list), empty: JSON.parse(row.empty) };
    });
    expect(built[1]).toEqual(built[0]);
    expect(built[0]).toEqual({
      first: '/uploads/0.jpg',
      missing: null,
      site: { name: '래미안 강남 Tower', latitude: 37.566535, none: null, tags: ['a"b', 1, 0.1] },
      list: [
        { idx: 2, name: '강남역 오피스텔' },
        { idx: 1, name: '래미안 강남 Tower' },
      ],
      empty: [],
    });
  });

  it('let a claim skip rows another transaction holds, and make a locked read wait for the new value', async () => {
    for (const [name, db] of both()) {
      const claim = await db.transaction().execute((tx) =>
        claimUnlocked({
          db: tx,
          query: tx.selectFrom('sites').select('f_idx').orderBy('f_idx').limit(1),
        }).execute(),
      );
      expect(claim, name).toEqual([{ f_idx: 1 }]);
    }
    const db = postgres.handle.db;
    const waiting = async () => {
      for (;;) {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks l
          JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`.execute(
          db,
        );
        if (rows[0]?.n) return;
      }
    };
    const read = (tx: typeof db) =>
      forUpdate({
        db: tx,
        query: tx.selectFrom('sites').select('f_name').where('f_idx', '=', 1),
      }).executeTakeFirst();
    const [skipped, seen] = await db.transaction().execute(async (holder) => {
      await claimUnlocked({
        db: holder,
        query: holder.selectFrom('sites').select('f_idx').orderBy('f_idx').limit(1),
      }).execute();
      const other = await db.transaction().execute((tx) =>
        claimUnlocked({
          db: tx,
          query: tx.selectFrom('sites').select('f_idx').orderBy('f_idx').limit(1),
        }).execute(),
      );
      const blocked = db.transaction().execute(read);
      await waiting();
      await holder.updateTable('sites').set({ f_name: '잠긴 현장' }).where('f_idx', '=', 1).execute();
      return [other, blocked] as const;
    });
    expect(skipped).toEqual([{ f_idx: 2 }]);
    expect(await seen).toEqual({ f_name: '잠긴 현장' });
    await db
      .updateTable('sites')
      .set({ f_name: NAMES[0] as string })
      .where('f_idx', '=', 1)
      .execute();
  });

  it('run a transaction again when PostgreSQL refuses it for a concurrent update, and once on SQLite', async () => {
    for (const [name, db] of both()) {
      let runs = 0;
      let arrived = 0;
      let release = () => {};
      const barrier = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Both read the balance before either writes it: under SERIALIZABLE one of them must go again.
      const addTen = () =>
        retryingTransaction({
          db,
          isolation: 'serializable',
          run: async (tx) => {
            runs++;
            const { f_point } = await tx
              .selectFrom('users')
              .select('f_point')
              .where('f_idx', '=', 2)
              .executeTakeFirstOrThrow();
            if (runs <= 2 && name === 'postgres') {
              arrived++;
              if (arrived === 2) release();
              await barrier;
            }
            await tx
              .updateTable('users')
              .set({ f_point: f_point + 10 })
              .where('f_idx', '=', 2)
              .execute();
          },
        });
      await Promise.all([addTen(), addTen()]);
      const { f_point } = await db
        .selectFrom('users')
        .select('f_point')
        .where('f_idx', '=', 2)
        .executeTakeFirstOrThrow();
      expect(f_point, name).toBe(270);
      expect(runs, name).toBe(name === 'postgres' ? 3 : 2);
      await db.updateTable('users').set({ f_point: 250 }).where('f_idx', '=', 2).execute();
    }
  });
});
