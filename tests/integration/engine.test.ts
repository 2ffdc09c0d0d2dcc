import { afterEach, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup, removeGroupMember } from '../../server/groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { SyncEngine } from '../../src/sync/engine.ts';
import { syncTables } from '../../src/sync/local-store.ts';
import { createTestEngine, dropDb, freshDb, networkTransport } from '../../src/sync/testing.ts';
import { ProtocolOutdatedError } from '../../src/sync/transport.ts';
import type { DraftFields } from '../../sync/site-fields.ts';

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function device(t: TestApp, { userIdx, ...options }: { userIdx: number; protocolVersion?: number }) {
  const token = await insertSession(t, { userIdx });
  const made = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token, ...options });
  dbs.push(made.db);
  return made;
}

async function serverRow(t: TestApp, sql: string, ...params: unknown[]) {
  return t.handle.row(sql, ...params);
}

describe('the outbox', () => {
  it('is written in the same transaction as the change on the device: both happen or neither', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const { engine, db } = await device(t, { userIdx });
    await expect(
      db.transaction('rw', syncTables(db), async () => {
        await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
        throw new Error('the tab crashed');
      }),
    ).rejects.toThrow('the tab crashed');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.likes.count()).toBe(0);

    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.likes.get(site)).toMatchObject({ f_site_idx: site });
    await expect(
      engine.mutate('setLikeSite', { site_idx: site, like_status: 'maybe' as 'Y' }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
  });

  it('keeps showing a waiting change on top of newer server data, then confirms it without flipping back', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx, f_name: '처음 이름' });
    const { engine, db, network } = await device(t, { userIdx });
    await engine.sync();
    network.online = false;
    await engine.mutate('setHideSite', { site_idx: site, hidden_status: 'Y' });
    await expect(engine.sync()).rejects.toThrow();
    expect(engine.status()).toMatchObject({ online: false, pending: 1 });

    // Meanwhile the site is renamed on the server; this device pulls before it can push.
    await t.deps.db.updateTable('sites').set({ f_name: '새 이름' }).where('f_idx', '=', site).execute();
    network.online = true;
    await engine.pull();
    expect(await db.sites.get(site)).toMatchObject({ f_name: '새 이름', f_hidden: 'Y' });

    await engine.sync();
    expect(await db.sites.get(site)).toMatchObject({ f_name: '새 이름', f_hidden: 'Y' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await serverRow(t, 'SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toEqual({ f_hidden: 'Y' });
    expect(engine.status()).toMatchObject({ pending: 0, online: true, lastSyncedAt: expect.any(String) });
  });

  it('does not let a refused mutation block those after it, undoes it on the device and says why', async () => {
    t = await createTestApp();
    const me = await insertUser(t);
    const owner = await insertUser(t);
    const othersSite = await insertSite(t, { userIdx: owner });
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: me, f_site_idx: othersSite, f_reg_time: 'x' })
      .execute();
    const { engine, db } = await device(t, { userIdx: me });
    await engine.sync();
    await engine.mutate('setHideSite', { site_idx: othersSite, hidden_status: 'Y' });
    await engine.mutate('addSiteMemo', { site_idx: othersSite, memo: '주차 2대' });
    expect(await db.sites.get(othersSite)).toMatchObject({ f_hidden: 'Y' });

    await engine.sync();
    expect(engine.status()).toMatchObject({ pending: 0, rejected: 1 });
    const [rejected] = await db.outbox.toArray();
    expect(rejected).toMatchObject({
      name: 'setHideSite',
      status: 'rejected',
      error_code: -1,
      error_msg: 'Only the member who registered this site can manage it.',
    });
    expect(await db.sites.get(othersSite)).toMatchObject({ f_hidden: 'N' });
    expect(await db.memos.get(othersSite)).toMatchObject({ memo: '주차 2대' });
    expect(await serverRow(t, 'SELECT f_memo FROM site_memos WHERE f_site_idx = ?', othersSite)).toEqual({
      f_memo: '주차 2대',
    });

    await engine.dismiss(rejected?.seq as number);
    expect(engine.status().rejected).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('pushes again after a lost answer and the server applies nothing twice', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const sites = [await insertSite(t, { userIdx }), await insertSite(t, { userIdx })];
    const { engine, db, network } = await device(t, { userIdx });
    for (const site of sites) await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    await engine.mutate('setLikeSite', { site_idx: sites[0] as number, like_status: 'N' });
    network.dropAnswers = 1;
    await expect(engine.sync()).rejects.toThrow();
    expect(await serverRow(t, 'SELECT COUNT(*) AS n FROM sync_mutations')).toEqual({ n: 3 });

    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverRow(t, 'SELECT COUNT(*) AS n FROM sync_mutations')).toEqual({ n: 3 });
    expect(await t.handle.values('SELECT f_site_idx FROM site_likes')).toEqual([sites[1]]);
    expect((await db.likes.toArray()).map((l) => l.f_site_idx)).toEqual([sites[1]]);
  });
});

describe('a server whose data was replaced', () => {
  it('makes the device drop what it pulled before and pull again, keeping its waiting changes', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const { engine, db, network } = await device(t, { userIdx });
    await db.sites.put({
      f_idx: 999,
      f_site_type: 'G',
      f_user_idx: userIdx,
      f_group_idx: null,
      f_name: '옛 현장',
      f_update_time: 'x',
    });
    await db.syncMeta.put({ key: 'cursor', value: 'v999999999' });
    network.online = false;
    await engine.mutate('setHideSite', { site_idx: site, hidden_status: 'Y' });
    network.online = true;
    await engine.pull();
    expect(await db.sites.keys()).toEqual([site]);
    expect(await db.sites.get(site)).toMatchObject({ f_hidden: 'Y' });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('draft conflicts', () => {
  it('keeps both versions when a draft edited offline changed on the server, and lets the member choose field by field', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const phone = await device(t, { userIdx });
    const tablet = await device(t, { userIdx });
    const draftId = 'draft-conflict-1';
    await phone.engine.mutate('saveSiteDraft', {
      draft_id: draftId,
      site_type: 'G',
      changes: { f_name: '역삼 하이츠', f_memo: '', f_room_num: 2 },
    });
    await phone.engine.sync();
    await tablet.engine.sync();
    const seen = await tablet.db.drafts.get(draftId);
    expect(seen).toMatchObject({ site_idx: expect.any(Number), base_version: expect.any(Number) });

    // The tablet goes offline and edits; the phone renames the same draft meanwhile.
    tablet.network.online = false;
    const before = seen?.payload as DraftFields;
    await tablet.engine.mutate('saveSiteDraft', {
      draft_id: draftId,
      site_idx: seen?.site_idx ?? null,
      site_type: 'G',
      base_version: seen?.base_version ?? null,
      base: { f_name: before.f_name, f_memo: before.f_memo },
      changes: { f_name: '역삼 스카이하이츠', f_memo: '1층 상가' },
    });
    const onPhone = await phone.db.drafts.get(draftId);
    await phone.engine.mutate('saveSiteDraft', {
      draft_id: draftId,
      site_idx: onPhone?.site_idx ?? null,
      site_type: 'G',
      base_version: onPhone?.base_version ?? null,
      base: { f_name: '역삼 하이츠' },
      changes: { f_name: '역삼 그린하이츠' },
    });
    await phone.engine.sync();

    tablet.network.online = true;
    await tablet.engine.sync();
    expect(tablet.engine.status()).toMatchObject({ conflicts: 1, pending: 0, rejected: 0 });
    const [conflict] = await tablet.db.conflicts.toArray();
    expect(conflict).toMatchObject({
      draft_id: draftId,
      fields: ['f_name'],
      mine: { f_name: '역삼 스카이하이츠' },
      theirs: { f_name: '역삼 그린하이츠' },
    });
    // Both versions are kept: the server copy (with the phone's name) and the tablet's name aside.
    const draft = await tablet.db.drafts.get(draftId);
    expect(draft?.payload).toMatchObject({ f_name: '역삼 그린하이츠', f_memo: '1층 상가' });
    expect(await serverRow(t, 'SELECT f_name, f_memo FROM sites WHERE f_client_id = ?', draftId)).toEqual({
      f_name: '역삼 그린하이츠',
      f_memo: '1층 상가',
    });

    await tablet.engine.mutate('resolveConflict', {
      conflict_idx: conflict?.f_idx as number,
      draft_id: draftId,
      choose: { f_name: 'mine' },
    });
    expect((await tablet.db.drafts.get(draftId))?.payload).toMatchObject({ f_name: '역삼 스카이하이츠' });
    await tablet.engine.sync();
    await phone.engine.sync();
    for (const d of [phone, tablet]) {
      expect(d.engine.status().conflicts).toBe(0);
      expect((await d.db.drafts.get(draftId))?.payload).toMatchObject({ f_name: '역삼 스카이하이츠' });
    }
  });
});

describe('scope on the device', () => {
  it("gets a group's sites on the next pull after joining and loses them after leaving", async () => {
    t = await createTestApp();
    const me = await insertUser(t);
    const lead = await insertUser(t);
    const group = await createGroup({ db: t.deps.db, name: '분당팀', ownerIdx: lead, now: new Date() });
    const groupSites = [
      await insertSite(t, { userIdx: lead, f_group_idx: group }),
      await insertSite(t, { userIdx: lead, f_group_idx: group }),
    ];
    await t.handle.all(
      "INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor) VALUES (?, '101동', 1, 1)",
      groupSites[0],
    );
    const own = await insertSite(t, { userIdx: me });
    const { engine, db } = await device(t, { userIdx: me });
    await engine.sync();
    expect(await db.sites.keys()).toEqual([own]);

    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: me, now: new Date() });
    await engine.sync();
    expect(await db.sites.keys()).toEqual([...groupSites, own].sort((a, b) => a - b));
    expect((await db.dongs.toArray()).map((d) => [d.f_site_idx, d.f_dong])).toEqual([
      [groupSites[0], '101동'],
    ]);

    await removeGroupMember({ db: t.deps.db, groupIdx: group, userIdx: me });
    await engine.sync();
    expect(await db.sites.keys()).toEqual([own]);
    expect(await db.dongs.count()).toBe(0);
  });
});

describe('another member on the same device', () => {
  it("parks the first member's waiting changes and clears their data, then brings both back when they return", async () => {
    t = await createTestApp();
    const first = await insertUser(t);
    const second = await insertUser(t);
    const site = await insertSite(t, { userIdx: first, f_name: '첫 회원 현장' });
    const firstToken = await insertSession(t, { userIdx: first });
    const secondToken = await insertSession(t, { userIdx: second });
    let token = firstToken;
    const made = { db: freshDb(), network: { online: true, dropAnswers: 0, requests: [] as string[] } };
    dbs.push(made.db);
    const engine = new SyncEngine({
      db: made.db,
      transport: networkTransport({
        fetchImpl: (url, init) => t.app.request(url, init),
        token: () => token,
        network: made.network,
      }),
    });
    await engine.bindToMember(first);
    await engine.sync();
    made.network.online = false;
    await engine.mutate('setHideSite', { site_idx: site, hidden_status: 'Y' });

    // Forced out; someone else signs in on this device.
    token = secondToken;
    made.network.online = true;
    await engine.bindToMember(second);
    expect(await made.db.sites.count()).toBe(0);
    expect(await made.db.outbox.count()).toBe(0);
    await engine.sync();
    expect(await made.db.sites.count()).toBe(0);

    token = firstToken;
    await engine.bindToMember(first);
    expect(await made.db.outbox.count()).toBe(1);
    await engine.sync();
    expect(await made.db.outbox.count()).toBe(0);
    expect(await made.db.sites.get(site)).toMatchObject({ f_hidden: 'Y' });
    expect(await serverRow(t, 'SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toEqual({ f_hidden: 'Y' });
  });
});

describe('an outdated app', () => {
  it('is told to reload, stops trying, and keeps its outbox for the newer app to send', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    const old = await device(t, { userIdx, protocolVersion: 0 });
    await old.engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    await expect(old.engine.sync()).rejects.toBeInstanceOf(ProtocolOutdatedError);
    expect(old.engine.status()).toMatchObject({ outdated: true, pending: 1 });
    await old.engine.sync();
    expect(old.network.requests.filter((r) => r.endsWith('/sync/push'))).toHaveLength(1);
    expect(await old.db.outbox.count()).toBe(1);
    expect(await old.db.likes.get(site)).toBeDefined();

    // After the reload the newer app opens the same store and sends what was waiting.
    const reloaded = createTestEngine({
      fetchImpl: (url, init) => t.app.request(url, init),
      token: await insertSession(t, { userIdx }),
      db: old.db,
    });
    await reloaded.engine.sync();
    expect(await old.db.outbox.count()).toBe(0);
    expect(await t.handle.values('SELECT f_site_idx FROM site_likes')).toEqual([site]);
  });
});
