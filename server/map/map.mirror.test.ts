import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { mapQuerySchema } from '../../sync/map/query.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { fixtureBounds, insertFixture } from './map.fixture.ts';
import { type MapMirror, mirrorOf } from './map.mirror.ts';
import { searchMap } from './map.service.ts';

let t: TestApp;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  await t?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type Row = Record<string, unknown>;

/** The copy holds exactly what map_sites and the search texts hold now. */
function expectCopyOf(sqlite: SQLite.Database, mirror: MapMirror | null) {
  expect(mirror).not.toBeNull();
  const copy = mirror as MapMirror;
  const rows = sqlite.prepare('SELECT * FROM map_sites').all() as Row[];
  expect(copy.size).toBe(rows.length);
  const read = copy.reader(null);
  for (const row of rows) {
    const slot = copy.slotOf(row.f_idx as number);
    expect(slot, `site ${row.f_idx}`).toBeDefined();
    for (const [column, value] of Object.entries(row)) {
      expect(copy.column(column as never)[slot as number], `${row.f_idx} ${column}`).toBe(value);
    }
    const text = sqlite.prepare('SELECT text FROM map_fts WHERE rowid = ?').pluck().get(row.f_idx);
    expect(read.text(slot as number)).toBe(text);
  }
  const inCells = [...copy.cells.values()].flat();
  expect(inCells.sort()).toEqual(rows.map((r) => copy.slotOf(r.f_idx as number)).sort());
}

const query = (extra: Record<string, unknown> = {}) =>
  v.parse(mapQuerySchema, { bounds: fixtureBounds, zoom_level: 15, ...extra });

/** The search from memory gives what a plain scan of the sites gives. */
async function expectSameAsScan(db: Db, userIdx: number) {
  for (const q of [
    query(),
    query({ sort_price: 'PL' }),
    query({ trans_type: [0], sale_max: 90000 }),
    // Searched everywhere: a short keyword goes through every text, a longer one through the trigram index.
    query({ keyword: '역삼', use_keyword: 'Y' }),
    query({ keyword: '역삼동', use_keyword: 'Y' }),
  ]) {
    expect(await searchMap({ db, userIdx, query: q })).toEqual(
      await searchMap({ db, userIdx, query: q, via: 'scan' }),
    );
  }
}

describe("the map search's in-memory copy of map_sites", () => {
  it('follows every write to sites, their area types and their units', async () => {
    t = await createTestApp();
    const { ids, userIdx } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    const db = t.deps.db;
    expectCopyOf(sqlite, await mirrorOf(db));
    await expectSameAsScan(db, userIdx);
    const site = (name: string) => ids[name] as number;
    const steps: Array<() => Promise<unknown>> = [
      () =>
        db
          .updateTable('sites')
          .set({ f_sale_price_min: 1, f_name: '새 이름' })
          .where('f_idx', '=', site('xi'))
          .execute(),
      // Now found by the keywords searched everywhere.
      () =>
        db
          .updateTable('sites')
          .set({ f_address2: '역삼동 99' })
          .where('f_idx', '=', site('bundang'))
          .execute(),
      () =>
        db
          .updateTable('hos')
          .set({ f_sale_price: 1000, f_toilet: 5 })
          .where('f_site_idx', '=', site('raemian'))
          .execute(),
      () => db.deleteFrom('hos').where('f_site_idx', '=', site('raemian2')).execute(),
      () =>
        db
          .insertInto('site_rooms')
          .values({ f_site_idx: site('villa'), f_room: 7, f_exclusive_pyong: 44, f_real_pyong: 55 })
          .execute(),
      // To another grid cell, out of the viewport, and back.
      () =>
        db
          .updateTable('sites')
          .set({ f_latitude: 36.1, f_longitude: 128.5 })
          .where('f_idx', '=', site('officetel'))
          .execute(),
      () =>
        db
          .updateTable('sites')
          .set({ f_latitude: 37.5, f_longitude: 127.031 })
          .where('f_idx', '=', site('officetel'))
          .execute(),
      () => db.updateTable('sites').set({ f_hidden: 'Y' }).where('f_idx', '=', site('tower')).execute(),
      () => db.updateTable('sites').set({ f_hidden: 'N' }).where('f_idx', '=', site('hidden')).execute(),
      () => db.deleteFrom('sites').where('f_idx', '=', site('completed')).execute(),
    ];
    for (const step of steps) {
      await step();
      expectCopyOf(sqlite, await mirrorOf(db));
      await expectSameAsScan(db, userIdx);
    }
  });

  it('is not read inside a transaction, and a write rolled back never reaches it', async () => {
    t = await createTestApp();
    const { ids, userIdx } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    const db = t.deps.db;
    expectCopyOf(sqlite, await mirrorOf(db));
    const price = (tx: typeof db, idx: number, min: number, max: number) =>
      tx
        .updateTable('sites')
        .set({ f_sale_price_min: min, f_sale_price_max: max })
        .where('f_idx', '=', idx)
        .execute();
    await expect(
      db.transaction().execute(async (tx) => {
        await price(tx, ids.raemian as number, 10, 20);
        expect(await mirrorOf(tx)).toBeNull();
        // Another request's search while the transaction is open on the one connection.
        expect(await mirrorOf(db)).toBeNull();
        // The search still sees the transaction's own write, through the SQL indexes.
        const inside = await searchMap({ db: tx, userIdx, query: query({ trans_type: [0], sale_max: 30 }) });
        expect(inside.list.map((s) => s.f_idx)).toEqual([ids.raemian]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expectCopyOf(sqlite, await mirrorOf(db));
    // A later write takes the change number the rolled-back one had: it must still be read.
    await price(db, ids.xi as number, 30, 40);
    expectCopyOf(sqlite, await mirrorOf(db));
    await expectSameAsScan(db, userIdx);
  });

  it('sees what another connection commits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'map-mirror-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const first = openDatabase({ file });
    cleanups.push(() => first.close());
    await migrateToLatest(first.db);
    t = await createTestApp();
    const second = openDatabase({ file });
    cleanups.push(() => second.close());
    // The fixture written through a test app on the same file: its connection is `second`.
    const app = { ...t, deps: { ...t.deps, db: second.db, sqlite: second.sqlite } } as TestApp;
    const { ids, userIdx } = await insertFixture(app);
    expectCopyOf(first.sqlite, await mirrorOf(first.db));
    second.sqlite.prepare('UPDATE sites SET f_hidden = ? WHERE f_idx = ?').run('Y', ids.raemian);
    expectCopyOf(first.sqlite, await mirrorOf(first.db));
    await expectSameAsScan(first.db, userIdx);
  });

  it('reads everything again when the change numbers go back', async () => {
    t = await createTestApp();
    const { ids } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    expectCopyOf(sqlite, await mirrorOf(t.deps.db));
    // As after the database file was swapped for an older one.
    sqlite.prepare('DELETE FROM map_changes').run();
    sqlite.prepare('UPDATE sites SET f_name = ? WHERE f_idx = ?').run('다른 이름', ids.xi);
    sqlite.prepare('DELETE FROM sites WHERE f_idx = ?').run(ids.villa);
    expectCopyOf(sqlite, await mirrorOf(t.deps.db));
  });
});
