import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { mapQuerySchema } from '../../sync/map/query.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { fixtureBounds, insertFixture } from './map.fixture.ts';
import { type MapMirror, mirrorOf } from './map.mirror.ts';
import { searchMap, searchMapCached } from './map.service.ts';

let t: TestApp;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  await t?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type Row = Record<string, unknown>;

/** Runs a statement with `?` parameters on the database under test (TestDatabase `all`). */
type All = TestApp['handle']['all'];

/**
 * The copy holds exactly what map_sites and the search texts hold now (map_fts on SQLite,
 * map_sites.f_search on PostgreSQL), as read through `all`.
 */
async function expectCopyOf(all: All, mirror: MapMirror | null) {
  expect(mirror).not.toBeNull();
  const copy = mirror as MapMirror;
  const rows = await all<Row>('SELECT * FROM map_sites');
  expect(copy.size).toBe(rows.length);
  const read = copy.reader(null);
  for (const { f_search: search, ...row } of rows) {
    const slot = copy.slotOf(row.f_idx as number);
    expect(slot, `site ${row.f_idx}`).toBeDefined();
    for (const [column, value] of Object.entries(row)) {
      expect(copy.column(column as never)[slot as number], `${row.f_idx} ${column}`).toBe(value);
    }
    const text =
      search ?? (await all<{ text: string }>('SELECT text FROM map_fts WHERE rowid = ?', row.f_idx))[0]?.text;
    expect(read.text(slot as number)).toBe(text);
  }
  const inCells = [...copy.cells.values()].flat();
  expect(inCells.sort()).toEqual(rows.map((r) => copy.slotOf(r.f_idx as number)).sort());
}

/**
 * Two handles on one database, each with its own copy and cache: on SQLite two connections to
 * one file, on PostgreSQL a second pool (another server process would hold one) beside the test
 * app's. `writer` writes through the other handle; `all` reads the database.
 */
async function twoInstances(): Promise<{ reader: Db; writer: TestApp; all: All }> {
  t = await createTestApp();
  if (t.handle.dialect === 'postgres') {
    const url = (t.handle.pool as pg.Pool).options.connectionString as string;
    const reader = openPostgres({ url, poolSize: 2 });
    cleanups.push(() => reader.close());
    return { reader: reader.db, writer: t, all: t.handle.all };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'map-mirror-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'app.db');
  const first = openDatabase({ file });
  cleanups.push(() => first.close());
  await migrateToLatest(first.db);
  const second = openDatabase({ file });
  cleanups.push(() => second.close());
  // The fixture written through a test app on the same file: its connection is `second`.
  const writer = { ...t, deps: { ...t.deps, db: second.db, sqlite: second.sqlite } } as TestApp;
  const all: All = async <T>(statement: string, ...params: unknown[]) =>
    first.sqlite.prepare(statement).all(...params) as T[];
  return { reader: first.db, writer, all };
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
    const all = t.handle.all;
    const db = t.deps.db;
    await expectCopyOf(all, await mirrorOf(db));
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
      await expectCopyOf(all, await mirrorOf(db));
      await expectSameAsScan(db, userIdx);
    }
  });

  it('is not read inside a transaction, and a write rolled back never reaches it', async () => {
    t = await createTestApp();
    const { ids, userIdx } = await insertFixture(t);
    const all = t.handle.all;
    const db = t.deps.db;
    await expectCopyOf(all, await mirrorOf(db));
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
        // Another request's search while the transaction is open: on SQLite's one connection
        // the copy is not read; on PostgreSQL's pool it is, and holds only what was committed.
        if (t.handle.dialect === 'sqlite') expect(await mirrorOf(db)).toBeNull();
        else await expectCopyOf(all, await mirrorOf(db));
        // The search still sees the transaction's own write, through the SQL indexes.
        const inside = await searchMap({ db: tx, userIdx, query: query({ trans_type: [0], sale_max: 30 }) });
        expect(inside.list.map((s) => s.f_idx)).toEqual([ids.raemian]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectCopyOf(all, await mirrorOf(db));
    // A later write takes the change number the rolled-back one had: it must still be read.
    await price(db, ids.xi as number, 30, 40);
    await expectCopyOf(all, await mirrorOf(db));
    await expectSameAsScan(db, userIdx);
  });

  it('sees what another connection or server process commits, in its copy and its cached results', async () => {
    const { reader, writer, all } = await twoInstances();
    const { ids, userIdx } = await insertFixture(writer);
    await expectCopyOf(all, await mirrorOf(reader));
    const shown = async () =>
      (await searchMapCached({ db: reader, userIdx, query: query(), maxEntries: 10 })).list.map(
        (s) => s.f_idx,
      );
    expect(await shown()).toContain(ids.raemian);
    await writer.deps.db
      .updateTable('sites')
      .set({ f_hidden: 'Y' })
      .where('f_idx', '=', ids.raemian as number)
      .execute();
    expect(await shown()).not.toContain(ids.raemian);
    await expectCopyOf(all, await mirrorOf(reader));
    await expectSameAsScan(reader, userIdx);
  });

  it('reads everything again when the change numbers go back', async () => {
    t = await createTestApp();
    const { ids } = await insertFixture(t);
    const all = t.handle.all;
    await expectCopyOf(all, await mirrorOf(t.deps.db));
    // As after the database was swapped for an older one.
    await all('DELETE FROM map_changes');
    if (t.handle.dialect === 'postgres') await all('ALTER SEQUENCE map_changes_numbers RESTART');
    await all('UPDATE sites SET f_name = ? WHERE f_idx = ?', '다른 이름', ids.xi);
    await all('DELETE FROM sites WHERE f_idx = ?', ids.villa);
    await expectCopyOf(all, await mirrorOf(t.deps.db));
  });
});
