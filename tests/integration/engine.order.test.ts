import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite, mutation, pushAs } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb, OutboxEntry } from '../../src/db/db.ts';
import { SyncEngine } from '../../src/sync/engine.ts';
import { keepFile } from '../../src/sync/files.ts';
import {
  createTestEngine,
  dropDb,
  freshDb,
  networkTransport,
  type TestNetwork,
} from '../../src/sync/testing.ts';
import { ImageKind } from '../../sync/api/uploads.api.ts';

/**
 * The order of a device's pushes (protocol 4): the server applies only the next number of a
 * client, so the device numbers what it sends without gaps, whatever its store keys are, and
 * every change it made is applied once or shown as not accepted.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

/** What the server recorded for a client: sequence, mutation id and outcome, in order. */
async function recorded(t: TestApp, clientId: unknown) {
  return (await t.handle.all(
    'SELECT seq, mutation_id AS id, status FROM sync_mutations WHERE client_id = ? ORDER BY seq',
    clientId,
  )) as Array<{ seq: number; id: string; status: string }>;
}

/** Each change applied once, under the numbers 1, 2, 3… of its client, in the order it was made. */
async function expectAppliedInOrder(
  t: TestApp,
  { clientId, made }: { clientId: unknown; made: OutboxEntry[] },
) {
  expect(await recorded(t, clientId)).toEqual(
    made.map((entry, i) => ({ seq: i + 1, id: entry.mutation_id, status: 'applied' })),
  );
}

const clientIdOf = async (db: LocalDb) => (await db.syncMeta.get('client_id'))?.value;

async function memoOf(t: TestApp, site: number) {
  return await t.handle.value('SELECT f_memo FROM site_memos WHERE f_site_idx = ?', site);
}

async function likedSites(t: TestApp, userIdx: number) {
  return await t.handle.values(
    'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? ORDER BY f_site_idx',
    userIdx,
  );
}

async function device(t: TestApp, userIdx: number) {
  const made = createTestEngine({
    fetchImpl: (url, init) => t.app.request(url, init),
    token: await insertSession(t, { userIdx }),
  });
  dbs.push(made.db);
  return made;
}

describe('another member on the same device', () => {
  it("numbers each member's changes from 1, so every change of both is applied once", async () => {
    t = await createTestApp();
    const first = await insertUser(t);
    const second = await insertUser(t);
    const firstSite = await insertSite(t, { userIdx: first });
    const secondSites = [await insertSite(t, { userIdx: second }), await insertSite(t, { userIdx: second })];
    const tokens = {
      first: await insertSession(t, { userIdx: first }),
      second: await insertSession(t, { userIdx: second }),
    };
    let token = tokens.first;
    const db = freshDb();
    dbs.push(db);
    const network: TestNetwork = { online: true, dropAnswers: 0, requests: [] };
    const engine = new SyncEngine({
      db,
      transport: networkTransport({
        fetchImpl: (url, init) => t.app.request(url, init),
        token: () => token,
        network,
      }),
    });
    await engine.bindToMember(first);
    const firstMade = [await engine.mutate('setLikeSite', { site_idx: firstSite, like_status: 'Y' })];
    await engine.sync();
    const firstClient = await clientIdOf(db);
    network.online = false;
    firstMade.push(await engine.mutate('addSiteMemo', { site_idx: firstSite, memo: '오프라인 메모' }));

    // Someone else signs in: their changes come after the first member's in the store.
    token = tokens.second;
    network.online = true;
    await engine.bindToMember(second);
    const secondMade: OutboxEntry[] = [];
    for (const site of secondSites) {
      secondMade.push(await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' }));
    }
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId: await clientIdOf(db), made: secondMade });
    expect(await likedSites(t, second)).toEqual(secondSites);

    // The first member comes back: the parked change and a new one follow their own numbers.
    token = tokens.first;
    await engine.bindToMember(first);
    firstMade.push(await engine.mutate('setLikeSite', { site_idx: firstSite, like_status: 'N' }));
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await clientIdOf(db)).toBe(firstClient);
    await expectAppliedInOrder(t, { clientId: firstClient, made: firstMade });
    expect(await memoOf(t, firstSite)).toBe('오프라인 메모');
    expect(await likedSites(t, first)).toEqual([]);
  });
});

describe('an entry refused while its image is prepared', () => {
  it('takes no number: the changes after it are applied, then later ones too', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const { engine, db } = await device(t, userIdx);
    const ref = await keepFile({ db, file: new Blob(['x']), name: 'gone.png', kind: ImageKind.memo });
    const refused = await engine.mutate('addSiteMemo', { site_idx: site, memo: '사진', memo_images: [ref] });
    await db.files.clear();
    const made = [
      await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' }),
      await engine.mutate('addSiteMemo', { site_idx: site, memo: '사진 없이' }),
    ];
    await engine.sync();
    made.push(await engine.mutate('setHideSite', { site_idx: site, hidden_status: 'Y' }));
    await engine.sync();

    await expectAppliedInOrder(t, { clientId: await clientIdOf(db), made });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ mutation_id: refused.mutation_id, status: 'rejected' }),
    ]);
    expect(await memoOf(t, site)).toBe('사진 없이');
    expect(await t.handle.value('SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toBe('Y');
    expect(engine.status()).toMatchObject({ pending: 0, rejected: 1 });
  });
});

describe('a lost answer', () => {
  it('is asked again under the same numbers, after a restart too: each change applied once', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const sites = [await insertSite(t, { userIdx }), await insertSite(t, { userIdx })];
    const token = await insertSession(t, { userIdx });
    const { engine, db, network } = await device(t, userIdx);
    const made = [
      await engine.mutate('setLikeSite', { site_idx: sites[0] as number, like_status: 'Y' }),
      await engine.mutate('addSiteMemo', { site_idx: sites[0] as number, memo: '첫 메모' }),
    ];
    network.dropAnswers = 1;
    await expect(engine.sync()).rejects.toThrow();
    expect(await recorded(t, await clientIdOf(db))).toHaveLength(2);

    // The app restarts (nothing kept in memory) and the member goes on before it syncs.
    const restarted = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token, db });
    made.push(
      await restarted.engine.mutate('setLikeSite', { site_idx: sites[1] as number, like_status: 'Y' }),
    );
    await restarted.engine.sync();
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId: await clientIdOf(db), made });
    expect(await likedSites(t, userIdx)).toEqual(sites);
    expect(await memoOf(t, sites[0] as number)).toBe('첫 메모');
  });

  it('after the server refused a gap, the renumbered push is asked again and applied once', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    // The answers of the 2nd and 4th pushes are lost after the server did the work.
    let pushes = 0;
    const { engine, db } = createTestEngine({
      fetchImpl: async (url, init) => {
        const response = await t.app.request(url, init);
        if (url.endsWith('/sync/push') && [2, 4].includes(++pushes)) throw new Error('answer lost');
        return response;
      },
      token: await insertSession(t, { userIdx }),
    });
    dbs.push(db);
    await engine.sync();
    // Changes queued by an app of protocol 3 after another member's: their store keys skip 1 to 56.
    const made = await queuedByOlderApp({ db, keys: [57, 58], site });
    // It learns where the server is (1st push), sends 57 and 58 (2nd, refused: a gap), again (3rd),
    // then renumbered as 1 and 2 (4th, applied).
    await expect(engine.sync()).rejects.toThrow();
    await expect(engine.sync()).rejects.toThrow();
    expect(await recorded(t, await clientIdOf(db))).toHaveLength(2);
    await engine.sync();
    expect(pushes).toBe(5);
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId: await clientIdOf(db), made });
    expect(await likedSites(t, userIdx)).toEqual([site]);
    expect(await memoOf(t, site)).toBe('예전 앱 메모');
  });

  it('after the answer came but the pull did not, a restart does not send the answered changes again', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const token = await insertSession(t, { userIdx });
    let pulls = true;
    const fetchImpl = (url: string, init: RequestInit) => {
      if (!pulls && url.endsWith('/sync/pull')) throw new Error('cut off');
      return t.app.request(url, init);
    };
    const first = createTestEngine({ fetchImpl, token });
    dbs.push(first.db);
    const made = [
      await first.engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' }),
      await first.engine.mutate('addSiteMemo', { site_idx: site, memo: '답은 왔다' }),
    ];
    pulls = false;
    await expect(first.engine.sync()).rejects.toThrow();
    expect(await first.db.outbox.count()).toBe(2);

    pulls = true;
    const restarted = createTestEngine({ fetchImpl, token, db: first.db });
    await restarted.engine.sync();
    expect(restarted.network.requests.filter((r) => r.endsWith('/sync/push'))).toHaveLength(0);
    expect(await first.db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId: await clientIdOf(first.db), made });
  });
});

describe('a server restored from a backup', () => {
  it('gets the next changes numbered from where it is, and applies them', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const sites = [await insertSite(t, { userIdx }), await insertSite(t, { userIdx })];
    const { engine, db } = await device(t, userIdx);
    await engine.mutate('setLikeSite', { site_idx: sites[0] as number, like_status: 'Y' });
    await engine.mutate('addSiteMemo', { site_idx: sites[0] as number, memo: '백업 전' });
    await engine.sync();
    const clientId = await clientIdOf(db);
    // The backup was taken before this client's first push.
    await t.handle.all('DELETE FROM sync_mutations');
    await t.handle.all('UPDATE sync_clients SET last_seq = 0');

    const made = [
      await engine.mutate('setLikeSite', { site_idx: sites[1] as number, like_status: 'Y' }),
      await engine.mutate('addSiteMemo', { site_idx: sites[1] as number, memo: '백업 후' }),
    ];
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId, made });
    expect(await memoOf(t, sites[1] as number)).toBe('백업 후');
  });
});

describe('a server restored from a backup taken after changes it had accepted', () => {
  it('gets those changes again with the new ones, in order, instead of stalling behind them', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const sites = [await insertSite(t, { userIdx }), await insertSite(t, { userIdx })];
    const { engine, db } = await device(t, userIdx);
    const made = [
      await engine.mutate('setLikeSite', { site_idx: sites[0] as number, like_status: 'Y' }),
      await engine.mutate('addSiteMemo', { site_idx: sites[0] as number, memo: '복원 전' }),
    ];
    // Accepted, but no pull has taken them off the outbox yet.
    await engine.push();
    expect(await recorded(t, await clientIdOf(db))).toHaveLength(2);
    const clientId = await clientIdOf(db);
    // The server comes back from a backup that knew nothing of them.
    await t.handle.all('DELETE FROM sync_mutations');
    await t.handle.all('DELETE FROM site_memos');
    await t.handle.all('DELETE FROM site_likes');
    await t.handle.all('UPDATE sync_clients SET last_seq = 0');

    made.push(await engine.mutate('addSiteMemo', { site_idx: sites[1] as number, memo: '복원 후' }));
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId, made });
    expect(await memoOf(t, sites[0] as number)).toBe('복원 전');
    expect(await likedSites(t, userIdx)).toEqual([sites[0]]);
  });
});

/**
 * Writes changes as an app of protocol 3 left them: no push number (the store key was sent),
 * and no stored sequence for the client.
 */
async function queuedByOlderApp({
  db,
  keys,
  site,
  changes = [
    { name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } },
    { name: 'addSiteMemo', args: { site_idx: site, memo: '예전 앱 메모' } },
  ],
}: {
  db: LocalDb;
  keys: number[];
  site: number;
  changes?: Array<{ name: string; args: unknown }>;
}) {
  const entries: OutboxEntry[] = changes.map((change, i) => ({
    ...change,
    seq: keys[i] as number,
    mutation_id: crypto.randomUUID(),
    status: 'pending',
    created_at: new Date().toISOString(),
    protocol_version: 3,
  }));
  await db.outbox.bulkPut(entries);
  await db.syncMeta.delete('sequence');
  return entries;
}

describe('changes queued by an app of protocol 3', () => {
  it('are sent under their store keys: one the server processed then is answered from its record, not applied again', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const token = await insertSession(t, { userIdx });
    const { engine, db } = await device(t, userIdx);
    await engine.sync();
    const clientId = (await clientIdOf(db)) as string;
    const made = await queuedByOlderApp({ db, keys: [1, 5], site });
    // The older app had sent the first one; its answer was lost before the reload.
    const [sent] = made as [OutboxEntry];
    await pushAs(t, {
      token,
      clientId,
      mutations: [
        { seq: 1, id: sent.mutation_id, name: sent.name, args: sent.args, created_at: sent.created_at },
      ],
    });

    const reloaded = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token, db });
    await reloaded.engine.sync();
    expect(await db.outbox.count()).toBe(0);
    await expectAppliedInOrder(t, { clientId, made });
    expect(await likedSites(t, userIdx)).toEqual([site]);
    expect(await memoOf(t, site)).toBe('예전 앱 메모');
  });

  it('shows a change as not accepted when the server used its number for another one, and sends the rest', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const othersSite = await insertSite(t, { userIdx: await insertUser(t) });
    const token = await insertSession(t, { userIdx });
    const { engine, db } = await device(t, userIdx);
    await engine.sync();
    const clientId = (await clientIdOf(db)) as string;
    const [taken, refused, after] = (await queuedByOlderApp({
      db,
      keys: [1, 2, 3],
      site,
      changes: [
        { name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } },
        { name: 'setHideSite', args: { site_idx: othersSite, hidden_status: 'Y' } },
        { name: 'addSiteMemo', args: { site_idx: site, memo: '예전 앱 메모' } },
      ],
    })) as [OutboxEntry, OutboxEntry, OutboxEntry];
    // The server has another change under 1, and the older app's second one, refused, under 2.
    const other = mutation({ seq: 1, name: 'setHideSite', args: { site_idx: site, hidden_status: 'Y' } });
    const { name, args, created_at } = refused;
    await pushAs(t, {
      token,
      clientId,
      mutations: [other, { seq: 2, id: refused.mutation_id, name, args, created_at }],
    });
    const refusal = await t.handle.value('SELECT msg FROM sync_mutations WHERE seq = 2');

    const reloaded = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token, db });
    await reloaded.engine.sync();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        mutation_id: taken.mutation_id,
        status: 'rejected',
        error_msg: 'The server could not confirm this change. Check it and make it again if it is missing.',
      }),
      expect.objectContaining({ mutation_id: refused.mutation_id, status: 'rejected', error_msg: refusal }),
    ]);
    expect(await recorded(t, clientId)).toEqual([
      { seq: 1, id: other.id, status: 'applied' },
      { seq: 2, id: refused.mutation_id, status: 'rejected' },
      { seq: 3, id: after.mutation_id, status: 'applied' },
    ]);
    expect(await likedSites(t, userIdx)).toEqual([]);
    expect(await memoOf(t, site)).toBe('예전 앱 메모');
    expect(reloaded.engine.status()).toMatchObject({ pending: 0, rejected: 2 });
  });
});
