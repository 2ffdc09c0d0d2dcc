import { afterEach, describe, expect, it } from 'vitest';
import { generalSite, newOpenSite } from '../../server/sites/registration.fixtures.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import { NetworkError } from '../../src/api/client.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { finalSave, localSessionOfSite, newSession } from '../../src/features/registration/draft-store.ts';
import { SyncEngine } from '../../src/sync/engine.ts';
import {
  createTestEngine,
  dropDb,
  freshDb,
  networkTransport,
  type TestNetwork,
} from '../../src/sync/testing.ts';
import type { SaveSiteResult } from '../../sync/api/registration.api.ts';
import { localSiteIdx } from '../../sync/sites/local-site.ts';

/**
 * What the chaos harness (docs/chaos.md) found, each replayed here deterministically against
 * the real app in the same process.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

function unitsOnDevice(db: LocalDb, siteIdx: number) {
  return db.dongs
    .where('f_site_idx')
    .equals(siteIdx)
    .toArray()
    .then((dongs) => dongs.flatMap((d) => (d.hos as Array<Record<string, unknown>>) ?? []));
}

describe('a push whose connection dies without an answer', () => {
  it('is given up after the deadline instead of holding the engine, sent again under the same numbers and applied once', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const token = await insertSession(t, { userIdx });
    const network: TestNetwork = { online: true, dropAnswers: 0, requests: [] };
    // The first push reaches the server; its answer never comes and the connection is not reset.
    let silent = 1;
    const db = freshDb();
    dbs.push(db);
    const engine = new SyncEngine({
      db,
      transport: networkTransport({
        token: () => token,
        network,
        answerIdleMs: 200,
        fetchImpl: async (url, init) => {
          const answer = await t.app.request(url, init);
          if (!url.endsWith('/sync/push') || silent === 0) return answer;
          silent--;
          return new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          });
        },
      }),
    });
    const site = await insertSite(t, { userIdx });
    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });

    await expect(engine.sync()).rejects.toBeInstanceOf(NetworkError);
    expect(await t.handle.value('SELECT COUNT(*) FROM sync_mutations')).toBe(1);

    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await t.handle.all('SELECT seq, status FROM sync_mutations')).toEqual([
      { seq: 1, status: 'applied' },
    ]);
    expect(await t.handle.values('SELECT f_site_idx FROM site_likes')).toEqual([site]);
  });
});

describe('units saved on the device', () => {
  it('show at once and stay while a pull brings the site’s units from before them, until the server has them', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const siteIdx = (
      await t.call<SaveSiteResult>('/site/addSite_app', {
        token: await insertSession(t, { userIdx }),
        body: { site_type: 'O', changes: newOpenSite() },
      })
    ).data.site_idx;
    const made = createTestEngine({
      fetchImpl: (url, init) => t.app.request(url, init),
      token: await insertSession(t, { userIdx }),
    });
    dbs.push(made.db);
    const { engine, db, network } = made;
    await engine.sync();
    const edit = async (change: (hos: Array<Record<string, unknown>>) => void) => {
      const opened = await localSessionOfSite({ db, siteIdx });
      if (!opened) throw new Error('the site is not on the device');
      const fields = structuredClone(opened.session.fields);
      change((fields.dongs[0]?.hos ?? []) as Array<Record<string, unknown>>);
      await finalSave({ engine, session: opened.session, fields });
    };
    const [first, second] = (await unitsOnDevice(db, siteIdx)).sort(
      (a, b) => (a.f_idx as number) - (b.f_idx as number),
    );

    // A first unit edit reaches the server; the pull that would bring it back does not happen yet.
    await edit((hos) => {
      (hos[0] as Record<string, unknown>).f_sale_price = 71_000;
    });
    expect(await unitsOnDevice(db, siteIdx)).toContainEqual(
      expect.objectContaining({ f_sale_price: 71_000 }),
    );
    await engine.push();
    // Offline, a second edit; then the pull brings the server's units, which have the first only.
    network.online = false;
    await edit((hos) => {
      (hos[1] as Record<string, unknown>).f_memo = '남향 끝집';
    });
    network.online = true;
    await engine.pull();
    const shown = await unitsOnDevice(db, siteIdx);
    expect(shown).toContainEqual(expect.objectContaining({ f_idx: first?.f_idx, f_sale_price: 71_000 }));
    expect(shown).toContainEqual(expect.objectContaining({ f_idx: second?.f_idx, f_memo: '남향 끝집' }));

    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.count()).toBe(0);
    expect(
      await t.handle.all(
        'SELECT f_idx, f_sale_price, f_memo FROM hos WHERE f_idx IN (?, ?) ORDER BY f_idx',
        first?.f_idx,
        second?.f_idx,
      ),
    ).toEqual([
      { f_idx: first?.f_idx, f_sale_price: 71_000, f_memo: '' },
      { f_idx: second?.f_idx, f_sale_price: 52_000, f_memo: '남향 끝집' },
    ]);
    const synced = await unitsOnDevice(db, siteIdx);
    expect(synced).toContainEqual(expect.objectContaining({ f_idx: second?.f_idx, f_memo: '남향 끝집' }));
    expect(await db.shadows.count()).toBe(0);
  });

  it('added on the device can be edited again before they sync: the form sends them as new, not by their device ids', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const siteIdx = (
      await t.call<SaveSiteResult>('/site/addSite_app', {
        token: await insertSession(t, { userIdx }),
        body: { site_type: 'O', changes: newOpenSite() },
      })
    ).data.site_idx;
    const made = createTestEngine({
      fetchImpl: (url, init) => t.app.request(url, init),
      token: await insertSession(t, { userIdx }),
    });
    dbs.push(made.db);
    const { engine, db, network } = made;
    await engine.sync();
    network.online = false;
    const first = await localSessionOfSite({ db, siteIdx });
    if (!first) throw new Error('the site is not on the device');
    const withBuilding = structuredClone(first.session.fields);
    withBuilding.dongs.push({
      f_dong: '103동',
      f_floor_count: 1,
      f_units_per_floor: 1,
      f_editable: 'Y',
      hos: [],
    });
    await finalSave({ engine, session: first.session, fields: withBuilding });
    const local = (await db.dongs.where('f_site_idx').equals(siteIdx).toArray()).find(
      (d) => d.f_dong === '103동',
    );
    expect(local?.f_idx).toBeLessThan(0);

    const second = await localSessionOfSite({ db, siteIdx });
    if (!second) throw new Error('the site is not on the device');
    expect(second.session.fields.dongs.find((d) => d.f_dong === '103동')).not.toHaveProperty('f_idx');
    const edited = structuredClone(second.session.fields);
    const unit = edited.dongs[0]?.hos[0];
    if (unit) unit.f_sale_price = 64_000;
    await finalSave({ engine, session: second.session, fields: edited });

    network.online = true;
    await engine.sync();
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await t.handle.value("SELECT COUNT(*) FROM dongs WHERE f_dong = '103동'")).toBe(1);
  });

  it('of a new site show under its device index with device ids, and give way to the server’s when it comes', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const made = createTestEngine({
      fetchImpl: (url, init) => t.app.request(url, init),
      token: await insertSession(t, { userIdx }),
    });
    dbs.push(made.db);
    const { engine, db, network } = made;
    await engine.bindToMember(userIdx);
    network.online = false;
    const session = newSession({ kind: 'O' });
    await finalSave({ engine, session, fields: newOpenSite({ f_name: '오프라인 신축' }) });
    const local = localSiteIdx(session.draftId as string);
    const units = await unitsOnDevice(db, local);
    expect(units).toHaveLength(8);
    expect(units.every((u) => (u.f_idx as number) < 0)).toBe(true);

    network.online = true;
    await engine.sync();
    const saved = (await t.handle.value("SELECT f_idx FROM sites WHERE f_status = 'N'")) as number;
    expect(await db.dongs.where('f_site_idx').equals(local).count()).toBe(0);
    const pulled = await unitsOnDevice(db, saved);
    expect(pulled).toHaveLength(8);
    expect(pulled.every((u) => (u.f_idx as number) > 0)).toBe(true);
    // A general site saved the same way has no buildings, and none appear for it.
    network.online = false;
    const general = newSession({ kind: 'G' });
    await finalSave({ engine, session: general, fields: generalSite({ f_name: '오프라인 일반' }) });
    expect(
      await db.dongs
        .where('f_site_idx')
        .equals(localSiteIdx(general.draftId as string))
        .count(),
    ).toBe(0);
  });
});
