import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { CopyRefused, copyDatabase } from '../../server/db/db-copy.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite, siteWithUnits } from '../../server/testing/sync-fixtures.ts';
import { postgresTestDb } from '../../server/testing/test-database.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import { API_BASE } from '../../sync/codes.ts';
import { freshPostgresDatabase, type TestPostgres } from '../support/postgres-database.ts';

/**
 * npm run db:copy (server/db/db-copy.ts): a server's SQLite database moved into an empty
 * PostgreSQL database, proved table by table, and devices that synced against SQLite go on
 * syncing against PostgreSQL with their outbox and cursor as they were.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sqliteFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-db-copy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'app.db');
}

/** An empty database: without tables (db:copy migrates it), or migrated already (a copy of the template). */
async function emptyPostgres({ migrated = false }: { migrated?: boolean } = {}): Promise<TestPostgres> {
  const target = await freshPostgresDatabase({ empty: !migrated });
  cleanups.push(() => target.drop());
  return target;
}

describe('npm run db:copy', () => {
  it('moves a server with synced devices to PostgreSQL: every table the same, each queued change applied once, no later change skipped', async () => {
    const clock = fixedClock('2026-11-27T01:00:00Z');
    const dbFile = sqliteFile();
    const server: { t: TestApp } = { t: await createTestApp({ clock, dbFile }) };
    const userIdx = await insertUser(server.t, {
      f_name: '이수진',
      f_usage_date: '2027-01-01T00:00:00.000Z',
    });
    const token = await insertSession(server.t, { userIdx, deviceId: 'copy-device' });
    const first = await insertSite(server.t, { userIdx, f_name: '옮기기 전 현장' });
    const gone = await insertSite(server.t, { userIdx, f_name: '지워질 현장' });
    const withUnits = await siteWithUnits(server.t, { userIdx, f_name: '세대 있는 현장' });
    const posted = await server.t.call<{ f_idx: number }>('/community/addCommunity', {
      token,
      body: { type: 'R', title: '옮기기 전 글', content: '내용', phone: '01020000001', agree: 'Y' },
    });
    expect(posted.code).toBe(0);
    const post = posted.data.f_idx;

    let resets = 0;
    const device = createTestEngine({
      token,
      deviceId: 'copy-device',
      fetchImpl: async (url, init) => {
        const res = await server.t.app.request(url, init);
        if (url.startsWith(`${API_BASE}/sync/pull`)) {
          const body = (await res.clone().json()) as { data?: { reset?: boolean } };
          if (body.data?.reset) resets++;
        }
        return res;
      },
    });
    cleanups.push(() => dropDb(device.db as LocalDb));
    await device.engine.sync();
    expect(await device.db.sites.keys()).toEqual([first, gone, withUnits.site]);

    // Accepted by SQLite, not pulled back yet: it stays in the outbox until the pull shows it.
    await device.engine.mutate('addComment', { community_idx: post, comment: '보냈지만 아직 안 받은 댓글' });
    await device.engine.push();
    expect(await device.db.outbox.count()).toBe(1);
    // Changes the device has not pulled: a site deleted (a tombstone in the feed) and one added.
    await server.t.handle.all('DELETE FROM sites WHERE f_idx = ?', gone);
    const added = await insertSite(server.t, { userIdx, f_name: '옮기기 직전 현장' });
    // Offline from here: its next change waits in the outbox.
    device.network.online = false;
    await device.engine.mutate('addComment', { community_idx: post, comment: '오프라인 댓글' });
    expect(await device.db.outbox.count()).toBe(2);

    // The server stops; its database is copied.
    await server.t.close();
    const target = await emptyPostgres();
    const report = await copyDatabase({ from: dbFile, to: target.handle.db });
    const differing = report.tables.filter((t) => !t.same).map((t) => t.table);
    expect(differing).toEqual([]);
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.target.rows]));
    expect(rows).toMatchObject({ users: 1, sites: 3, hos: 2, community_comments: 1, map_sites: 3 });
    expect(report.tables.find((t) => t.table === 'sync_feed')?.kind).toBe('feed');

    // The server starts on PostgreSQL; the device comes back online there.
    server.t = await createTestApp({
      clock,
      database: postgresTestDb({ handle: target.handle, close: async () => {} }),
    });
    cleanups.push(() => server.t.close());
    device.network.online = true;
    await device.engine.sync();

    const comments = async () =>
      (
        await server.t.handle.all<{ f_comment: string }>(
          'SELECT f_comment FROM community_comments WHERE f_community_idx = ? ORDER BY f_comment',
          post,
        )
      ).map((r) => r.f_comment);
    expect(await comments()).toEqual(['보냈지만 아직 안 받은 댓글', '오프라인 댓글']);
    expect(await device.db.outbox.count()).toBe(0);
    // Its cursor was valid: no reset, the tombstone and the site added before the copy arrived.
    expect(resets).toBe(0);
    expect(await device.db.sites.keys()).toEqual([first, withUnits.site, added]);

    // A change written on PostgreSQL reaches it, and syncing again applies nothing twice.
    const later = await insertSite(server.t, { userIdx, f_name: '옮긴 뒤 현장' });
    await device.engine.sync();
    await device.engine.sync();
    expect(await device.db.sites.keys()).toEqual([first, withUnits.site, added, later]);
    expect(await comments()).toHaveLength(2);
    expect(resets).toBe(0);
    // New rows take ids after the copied ones.
    expect(later).toBeGreaterThan(added);
  });

  it('refuses a target that holds data, and writes nothing into it', async () => {
    const dbFile = sqliteFile();
    const t = await createTestApp({ dbFile });
    await insertUser(t, { f_name: '원본 회원' });
    await t.close();
    const target = await emptyPostgres({ migrated: true });
    const there = await createTestApp({
      database: postgresTestDb({ handle: target.handle, close: async () => {} }),
    });
    await insertUser(there, { f_name: '이미 있는 회원' });
    there.deps.live?.close();
    const before = await target.handle.db.selectFrom('users').select('f_idx').execute();

    await expect(copyDatabase({ from: dbFile, to: target.handle.db })).rejects.toThrow(
      /the target database is not empty \(users: 1 rows/,
    );
    expect(await target.handle.db.selectFrom('users').select('f_idx').execute()).toEqual(before);
  });

  it('refuses a source at another migration version than this code, naming what differs', async () => {
    const dbFile = sqliteFile();
    const t = await createTestApp({ dbFile });
    await t.close();
    const target = await emptyPostgres();
    const migrationsOf = (run: (db: SQLite.Database) => void) => {
      const db = new SQLite(dbFile);
      try {
        run(db);
      } finally {
        db.close();
      }
    };

    migrationsOf((db) =>
      db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_future', '2027-01-01')").run(),
    );
    const newer = copyDatabase({ from: dbFile, to: target.handle.db });
    await expect(newer).rejects.toThrow(CopyRefused);
    await expect(newer).rejects.toThrow(/newer version \(migrations 9999_future\)/);

    migrationsOf((db) => {
      db.prepare("DELETE FROM kysely_migration WHERE name = '9999_future'").run();
      db.prepare("DELETE FROM kysely_migration WHERE name = '0050_offline_edits'").run();
    });
    await expect(copyDatabase({ from: dbFile, to: target.handle.db })).rejects.toThrow(
      /older version \(it lacks migrations 0050_offline_edits\)/,
    );
    // Refused before the target was touched: not even migrated.
    const tables = await target.handle.db.introspection.getTables();
    expect(tables).toEqual([]);
  });

  it('stops at a value PostgreSQL cannot hold, naming its table, and leaves the target without rows', async () => {
    const dbFile = sqliteFile();
    const t = await createTestApp({ dbFile });
    const userIdx = await insertUser(t, { f_name: '포인트가 글자인 회원' });
    await t.close();
    // SQLite keeps text in an INTEGER column as text; PostgreSQL's bigint cannot hold it.
    const db = new SQLite(dbFile);
    db.prepare("UPDATE users SET f_point = 'many' WHERE f_idx = ?").run(userIdx);
    db.close();
    const target = await emptyPostgres({ migrated: true });

    await expect(copyDatabase({ from: dbFile, to: target.handle.db })).rejects.toThrow(/^copying users: /);
    expect(await target.handle.db.selectFrom('users').select('f_idx').execute()).toEqual([]);
    expect(await target.handle.db.selectFrom('areas').select('f_idx').execute()).toEqual([]);
  });
});
