import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { mapQuerySchema } from '../../sync/map/query.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
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
function expectSameAsScan(sqlite: SQLite.Database, userIdx: number) {
  for (const q of [
    query(),
    query({ sort_price: 'PL' }),
    query({ trans_type: [0], sale_max: 90000 }),
    // Searched everywhere: a short keyword goes through every text, a longer one through the trigram index.
    query({ keyword: '역삼', use_keyword: 'Y' }),
    query({ keyword: '역삼동', use_keyword: 'Y' }),
  ]) {
    expect(searchMap({ sqlite, userIdx, query: q })).toEqual(
      searchMap({ sqlite, userIdx, query: q, via: 'scan' }),
    );
  }
}

describe("the map search's in-memory copy of map_sites", () => {
  it('follows every write to sites, their area types and their units', async () => {
    t = await createTestApp();
    const { ids, userIdx } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    expectCopyOf(sqlite, mirrorOf(sqlite));
    expectSameAsScan(sqlite, userIdx);
    const db = t.deps.db;
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
      expectCopyOf(sqlite, mirrorOf(sqlite));
      expectSameAsScan(sqlite, userIdx);
    }
  });

  it('is not read inside a transaction, and a write rolled back never reaches it', async () => {
    t = await createTestApp();
    const { ids, userIdx } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    expectCopyOf(sqlite, mirrorOf(sqlite));
    const price = sqlite.prepare(
      'UPDATE sites SET f_sale_price_min = ?, f_sale_price_max = ? WHERE f_idx = ?',
    );
    expect(() =>
      sqlite.transaction(() => {
        price.run(10, 20, ids.raemian);
        expect(mirrorOf(sqlite)).toBeNull();
        // The search still sees the transaction's own write, through the SQL indexes.
        const inside = searchMap({ sqlite, userIdx, query: query({ trans_type: [0], sale_max: 30 }) });
        expect(inside.list.map((s) => s.f_idx)).toEqual([ids.raemian]);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expectCopyOf(sqlite, mirrorOf(sqlite));
    // A later write takes the change number the rolled-back one had: it must still be read.
    price.run(30, 40, ids.xi);
    expectCopyOf(sqlite, mirrorOf(sqlite));
    expectSameAsScan(sqlite, userIdx);
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
    expectCopyOf(first.sqlite, mirrorOf(first.sqlite));
    second.sqlite.prepare('UPDATE sites SET f_hidden = ? WHERE f_idx = ?').run('Y', ids.raemian);
    expectCopyOf(first.sqlite, mirrorOf(first.sqlite));
    expectSameAsScan(first.sqlite, userIdx);
  });

  it('reads everything again when the change numbers go back', async () => {
    t = await createTestApp();
    const { ids } = await insertFixture(t);
    const sqlite = t.handle.sqlite;
    expectCopyOf(sqlite, mirrorOf(sqlite));
    // As after the database file was swapped for an older one.
    sqlite.prepare('DELETE FROM map_changes').run();
    sqlite.prepare('UPDATE sites SET f_name = ? WHERE f_idx = ?').run('다른 이름', ids.xi);
    sqlite.prepare('DELETE FROM sites WHERE f_idx = ?').run(ids.villa);
    expectCopyOf(sqlite, mirrorOf(sqlite));
  });
});
