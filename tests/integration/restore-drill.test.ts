import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { testConfig } from '../../server/config.ts';
import { sqliteBackupEngine } from '../../server/db/sqlite-backup.ts';
import { takeBackup } from '../../server/ops/backup/backup.ts';
import { restoreBackup } from '../../server/ops/backup/restore.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  jpegWithGps,
  superAdminToken,
} from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import { API_BASE } from '../../sync/codes.ts';

/**
 * The restore drill (docs/deploy.md, "Backups and restore"): devices sync, a backup is taken,
 * more writes arrive, the data folder is destroyed, the backup is restored and the server
 * started again on it. The devices then sync with the real engine against the restored server:
 * what they still hold (waiting or accepted-but-lost outbox entries) reaches it once, devices
 * whose cursor came from the lost server list everything again, and the books balance.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One server's life on a data folder: started on it, stopped, started again after a restore. */
async function serverOn(dataDir: string) {
  const clock = fixedClock('2026-03-02T01:00:00Z');
  const config = testConfig({
    dataDir,
    dbFile: path.join(dataDir, 'app.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    backup: { dir: `${dataDir}-backups`, everyMinutes: 60, keepHourly: 24, keepDaily: 14 },
  });
  const start = () => createTestApp({ clock, config, dbFile: config.dbFile });
  const server = { t: await start(), clock, config };
  return {
    server,
    restart: async () => {
      server.t = await start();
    },
  };
}

describe('the restore drill', () => {
  it('brings devices and server back to one consistent state: nothing a device holds is lost, nothing applies twice, points balance', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bunyang-drill-'));
    cleanups.push(() => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    });
    const { server, restart } = await serverOn(dataDir);
    cleanups.push(() => server.t.close());
    const call = async <T>(token: string, route: string, body: object = {}) => {
      server.clock.advance(1000);
      const res = await server.t.call<T>(route, { token, body });
      if (res.code !== 0) throw new Error(`${route}: ${res.code} ${res.msg}`);
      return res.data;
    };

    // Before the backup: members, sites, a post, points given, a picture, three synced devices.
    const admin = await superAdminToken(server.t);
    const agent = async (name: string) => {
      const userIdx = await insertUser(server.t, {
        f_name: name,
        f_usage_date: '2027-01-01T00:00:00.000Z',
      });
      const deviceId = `drill-${userIdx}`;
      const token = await insertSession(server.t, { userIdx, deviceId });
      return { userIdx, token, deviceId };
    };
    const a = await agent('이수진');
    const b = await agent('박정호');
    const c = await agent('최민아');
    const first = await insertSite(server.t, { userIdx: a.userIdx, f_name: '백업 전 현장' });
    const second = await insertSite(server.t, { userIdx: a.userIdx, f_name: '백업 전 현장 둘' });
    const { f_idx: post } = await call<{ f_idx: number }>(a.token, '/community/addCommunity', {
      type: 'R',
      title: '공지 아닌 글',
      content: '내용',
      phone: '01020000001',
      agree: 'Y',
    });
    await call(admin, '/purchase/addPoint', { user_idx: a.userIdx, point: 20_000, memo: '지급' });
    const picture = new FormData();
    picture.append('file', new Blob([await jpegWithGps()]), 'IMG_0001.JPG');
    picture.append('kind', '1');
    const uploaded = await server.t.call<{ url: string }>('/upload/image', { token: a.token, form: picture });
    const pictureBytes = await server.t.deps.adapters.storage.read(uploaded.data.url);

    const resets: string[] = [];
    const device = (who: { token: string; deviceId: string }, name: string) => {
      const made = createTestEngine({
        token: who.token,
        deviceId: who.deviceId,
        fetchImpl: async (url, init) => {
          const res = await server.t.app.request(url, init);
          if (url.startsWith(`${API_BASE}/sync/pull`)) {
            const body = (await res.clone().json()) as { data?: { reset?: boolean } };
            if (body.data?.reset) resets.push(name);
          }
          return res;
        },
      });
      cleanups.push(() => dropDb(made.db as LocalDb));
      return made;
    };
    const deviceA = device(a, 'A');
    const deviceB = device(b, 'B');
    const deviceC = device(c, 'C');
    await deviceB.engine.mutate('setLikeSite', { site_idx: first, like_status: 'Y' });
    await deviceC.engine.mutate('addComment', { community_idx: post, comment: '백업 전 댓글' });
    for (const d of [deviceA, deviceB, deviceC]) await d.engine.sync();
    expect(await deviceA.db.sites.keys()).toEqual([first, second]);

    const taken = await takeBackup({
      engine: sqliteBackupEngine({ dbFile: server.config.dbFile }),
      sources: { dataDir, uploadsDir: server.config.uploadsDir },
      settings: server.config.backup,
      now: server.clock.now(),
    });

    // After the backup: writes the restore will lose, and writes only the devices still hold.
    await deviceA.engine.mutate('saveSiteDraft', {
      draft_id: 'drill-draft-after-backup',
      site_type: 'O',
      changes: { f_name: '백업 뒤 임시저장' },
    });
    await deviceA.engine.mutate('addSiteMemo', { site_idx: first, memo: '백업 뒤 메모' });
    await deviceA.engine.sync();
    expect(await deviceA.db.drafts.count()).toBe(1);
    await call(a.token, '/purchase/buyPeriod', {
      period: 1,
      made: 0,
      push: 0,
      idempotency_key: 'drill-plan-after-backup',
    });
    await call(b.token, '/site/reportSite', { site_idx: second, report_type: 'SC', memo: '분양 완료' });
    const lostReport = server.t.handle.sqlite
      .prepare('SELECT MAX(f_idx) FROM reports')
      .pluck()
      .get() as number;
    await call(admin, '/admin/payOrRejectForReport', { report_idx: lostReport, type: 'T' });
    const lostSite = await insertSite(server.t, { userIdx: a.userIdx, f_name: '백업 뒤 현장' });

    // B's device is offline from here: its changes wait in the outbox.
    deviceB.network.online = false;
    await deviceB.engine.mutate('addSiteMemo', { site_idx: second, memo: 'B의 메모' });
    await deviceB.engine.mutate('addComment', { community_idx: post, comment: 'B의 오프라인 댓글' });
    await deviceB.engine.mutate('saveSiteDraft', {
      draft_id: 'drill-draft-offline-b',
      site_type: 'G',
      changes: { f_name: 'B의 임시저장' },
    });
    await deviceB.engine.mutate('addSiteMemo', { site_idx: lostSite, memo: '사라진 현장에 메모' });
    // C's comment is accepted by the server, whose answer C has; it has not pulled it back yet.
    await deviceC.engine.mutate('addComment', { community_idx: post, comment: 'C의 백업 뒤 댓글' });
    await deviceC.engine.push();
    expect(await deviceC.db.outbox.count()).toBe(1);

    // The disk is lost: the data folder goes, the backups stay.
    await server.t.close();
    rmSync(dataDir, { recursive: true, force: true });
    const restored = await restoreBackup({
      from: taken.path,
      engine: sqliteBackupEngine({ dbFile: server.config.dbFile }),
      dataDir,
      uploadsDir: server.config.uploadsDir,
      backupDir: server.config.backup.dir,
      now: server.clock.now(),
    });
    expect(restored.pictures.added).toBe(1);
    await restart();
    const sql = server.t.handle.sqlite;

    // A new row never takes an id the lost server gave out.
    const afterRestore = await insertSite(server.t, { userIdx: c.userIdx, f_name: '복원 뒤 현장' });
    expect(afterRestore).toBeGreaterThan(lostSite);
    // The restored server writes more than the lost one did after the backup before A asks:
    // A's cursor must still be recognised as the lost server's.
    for (let i = 0; i < 40; i++) await insertSite(server.t, { userIdx: c.userIdx, f_name: `복원 뒤 ${i}` });

    deviceB.network.online = true;
    for (const d of [deviceB, deviceC, deviceA]) await d.engine.sync();

    // A synced past the backup: its pull started over, and it holds what the server holds.
    expect(resets).toEqual(['A']);
    const fresh = device(a, 'fresh A');
    await fresh.engine.sync();
    expect(await deviceA.db.sites.keys()).toEqual(await fresh.db.sites.keys());
    expect(await deviceA.db.sites.keys()).toEqual([first, second]);
    expect(await deviceA.db.drafts.count()).toBe(0);
    expect(await deviceA.db.memos.count()).toBe(0);

    // B's waiting changes arrived; the one naming a site the restore lost is refused, visibly.
    expect(sql.prepare('SELECT f_memo FROM site_memos WHERE f_user_idx = ?').pluck().all(b.userIdx)).toEqual([
      'B의 메모',
    ]);
    expect(
      sql.prepare("SELECT COUNT(*) FROM sites WHERE f_client_id = 'drill-draft-offline-b'").pluck().get(),
    ).toBe(1);
    const left = await deviceB.db.outbox.toArray();
    expect(left.map((e) => [e.name, e.status, (e.args as { site_idx?: number }).site_idx])).toEqual([
      ['addSiteMemo', 'rejected', lostSite],
    ]);
    expect(left[0]?.error_msg).toBeTruthy();

    // C's accepted comment was lost with the server's data and sent again: every comment once.
    expect(await deviceC.db.outbox.count()).toBe(0);
    const comments = () =>
      sql.prepare('SELECT f_comment FROM community_comments ORDER BY f_comment').pluck().all() as string[];
    expect(comments()).toEqual(['B의 오프라인 댓글', 'C의 백업 뒤 댓글', '백업 전 댓글'].sort());

    // The picture uploaded before the backup is back, byte for byte.
    expect(await server.t.deps.adapters.storage.read(uploaded.data.url)).toEqual(pictureBytes);

    // Money after the restore: a purchase and a report paid, each once.
    await call(a.token, '/purchase/buyPeriod', {
      period: 1,
      made: 0,
      push: 0,
      idempotency_key: 'drill-plan-after-restore',
    });
    await call(b.token, '/site/reportSite', { site_idx: second, report_type: 'SC', memo: '분양 완료' });
    const report = sql.prepare('SELECT MAX(f_idx) FROM reports').pluck().get() as number;
    expect(report).not.toBe(lostReport);
    await call(admin, '/admin/payOrRejectForReport', { report_idx: report, type: 'T' });
    await server.t.call('/admin/payOrRejectForReport', {
      token: admin,
      body: { report_idx: report, type: 'T' },
    });

    // Syncing again changes nothing: no mutation applies twice.
    for (const d of [deviceA, deviceB, deviceC]) await d.engine.sync();
    expect(comments()).toHaveLength(3);
    expect(sql.prepare("SELECT COUNT(*) FROM sites WHERE f_status = 'P'").pluck().get()).toBe(1);
    expect(sql.prepare('SELECT COUNT(*) FROM site_memos').pluck().get()).toBe(1);

    // Every member's balance is the sum of their point log, and the log's last balance.
    const books = sql
      .prepare(
        `SELECT u.f_idx, u.f_point AS balance,
           COALESCE(SUM(CASE WHEN l.f_type IN ('C', 'A') THEN l.f_point ELSE -l.f_point END), 0) AS logged,
           (SELECT f_point_final FROM point_logs WHERE f_user_idx = u.f_idx ORDER BY f_idx DESC LIMIT 1) AS last
         FROM users u LEFT JOIN point_logs l ON l.f_user_idx = u.f_idx GROUP BY u.f_idx`,
      )
      .all() as Array<{ f_idx: number; balance: number; logged: number; last: number | null }>;
    for (const row of books) {
      expect(row.balance, `member ${row.f_idx}`).toBe(row.logged);
      expect(row.last ?? 0, `member ${row.f_idx}`).toBe(row.balance);
    }
    const balance = (userIdx: number) => books.find((r) => r.f_idx === userIdx)?.balance;
    // A: 20,000 given before the backup, 12,000 for the plan bought after the restore.
    expect(balance(a.userIdx)).toBe(8_000);
    // B: the report paid after the restore, once.
    expect(balance(b.userIdx)).toBe(1_000);
  }, 60_000);
});
