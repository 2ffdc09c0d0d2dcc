import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth/session.ts';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { createTestEngine, dropDb, TEST_DEVICE_ID } from '../../src/sync/testing.ts';
import { freePort } from '../support/free-port.ts';
import { startServerProcess } from '../support/server-process.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real server process, as `npm run serve` starts it, on its own port and data directory. */
async function startServer({ dir, port }: { dir: string; port: number }): Promise<ChildProcess> {
  const child = await startServerProcess({ dir, port, env: { SEED_DEMO: 'false' }, stderr: 'ignore' });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}

/** A member with a session, straight into a fresh database file. */
async function prepareDatabase(dir: string): Promise<{ token: string }> {
  const handle = openDatabase({ file: path.join(dir, 'app.db') });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const user = handle.sqlite
    .prepare(
      "INSERT INTO users (f_phone, f_affiliation, f_name, f_approval, f_reg_time) VALUES ('01020009999', '테스트', '테스트', 'A', ?)",
    )
    .run(now);
  const token = newToken();
  handle.sqlite
    .prepare(
      'INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(user.lastInsertRowid, hashToken(token), TEST_DEVICE_ID, now, '2999-01-01T00:00:00.000Z', now);
  await handle.close();
  return { token };
}

describe('a server killed in the middle of a push', () => {
  it('loses nothing and applies nothing twice: after a restart the outbox drains, every mutation applied once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { token } = await prepareDatabase(dir);
    const port = await freePort();
    const first = await startServer({ dir, port });

    const { engine, db } = createTestEngine({
      fetchImpl: (url, init) => fetch(url, init),
      baseUrl: `http://127.0.0.1:${port}`,
      token,
      batchSize: 200,
    });
    cleanups.push(() => dropDb(db as LocalDb));
    // Drafts with units make each mutation do real work, so the kill lands inside the push.
    for (let i = 0; i < 200; i++) {
      await engine.mutate('saveSiteDraft', {
        draft_id: `crash-draft-${String(i).padStart(3, '0')}`,
        site_type: 'O',
        changes: {
          f_name: `현장 ${i}`,
          dongs: [
            {
              f_dong: '101동',
              f_floor_count: 10,
              f_units_per_floor: 4,
              hos: Array.from({ length: 40 }, (_, u) => ({ f_floor: Math.floor(u / 4) + 1, f_ho: `${u}` })),
            },
          ],
        },
      });
    }

    const watcher = new SQLite(path.join(dir, 'app.db'), { readonly: true });
    cleanups.push(() => {
      watcher.close();
    });
    const applied = watcher.prepare('SELECT COUNT(*) FROM sync_mutations').pluck();
    const pushing = engine.sync().then(
      () => null,
      (err: unknown) => err,
    );
    let atKill = 0;
    for (let i = 0; i < 2_000_000; i++) {
      atKill = applied.get() as number;
      if (atKill >= 50) {
        first.kill('SIGKILL');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    expect(await pushing).toBeInstanceOf(Error);
    expect(atKill).toBeGreaterThanOrEqual(50);
    const survived = applied.get() as number;
    expect(survived, 'the kill landed inside the push').toBeLessThan(200);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(200);

    await startServer({ dir, port });
    await engine.sync();
    // What is left, if anything, is named: a failure under load should say which entry and why.
    const left = (await db.outbox.toArray()).map(({ status, push_seq, error_code, error_msg }) => ({
      status,
      push_seq,
      error_code,
      error_msg,
    }));
    expect(left).toEqual([]);
    const seqs = watcher.prepare('SELECT seq FROM sync_mutations ORDER BY seq').pluck().all();
    expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(
      watcher.prepare("SELECT COUNT(*) FROM sync_mutations WHERE status = 'applied'").pluck().get(),
    ).toBe(200);
    expect(watcher.prepare("SELECT COUNT(*) FROM sites WHERE f_status = 'P'").pluck().get()).toBe(200);
    expect(watcher.prepare('SELECT COUNT(*) FROM hos').pluck().get()).toBe(200 * 40);
    expect(watcher.prepare('SELECT last_seq FROM sync_clients').pluck().get()).toBe(200);
    expect(await db.drafts.count()).toBe(200);
  }, 90_000);
});
