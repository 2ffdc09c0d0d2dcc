import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../sync/protocol.ts';
import { addGroupMember, createGroup, removeGroupMember, setSiteGroup } from '../groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import {
  fold,
  insertSite,
  keysOf,
  mutation,
  pullAll,
  pullAnswer,
  pullPage,
  pushAs,
} from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member(t: TestApp) {
  const userIdx = await insertUser(t);
  const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
  return { userIdx, token, clientId: `client-${userIdx}-0000` };
}

const now = () => new Date();

describe('pull: private inlay pictures', () => {
  it('sends them to the owner and the group, not to a member who only liked the site', async () => {
    t = await createTestApp();
    const owner = await member(t);
    const teammate = await member(t);
    const stranger = await member(t);
    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: owner.userIdx, now: now() });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: teammate.userIdx, now: now() });
    const site = await insertSite(t, { userIdx: owner.userIdx, f_group_idx: group });
    await t.deps.db
      .updateTable('sites')
      .set({ f_inlay_private: 'Y', f_inlay_image_url: '["/uploads/inlay.webp"]' })
      .where('f_idx', '=', site)
      .execute();
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: stranger.userIdx, f_site_idx: site, f_reg_time: 'x' })
      .execute();
    const inlayOf = async (m: Awaited<ReturnType<typeof member>>) => {
      const state = fold((await pullAll(t, { token: m.token, clientId: m.clientId })).changes);
      const change = state.get(`site:${site}`);
      return change?.op === 'put'
        ? (change.row as unknown as { f_inlay_image_url: string[] }).f_inlay_image_url
        : null;
    };
    expect(await inlayOf(owner)).toEqual(['/uploads/inlay.webp']);
    expect(await inlayOf(teammate)).toEqual(['/uploads/inlay.webp']);
    expect(await inlayOf(stranger)).toEqual([]);
  });
});

describe('pull: what is in a member’s scope', () => {
  it('brings own sites and drafts, group sites, liked and recently viewed sites, memos and notifications, and nothing else', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const own = await insertSite(t, { userIdx: a.userIdx, f_name: '내 현장' });
    const ownDraft = await insertSite(t, { userIdx: a.userIdx, f_status: 'P' });
    const ownDropped = await insertSite(t, { userIdx: a.userIdx, f_status: 'D' });
    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: b.userIdx, now: now() });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx, now: now() });
    const grouped = await insertSite(t, { userIdx: b.userIdx, f_group_idx: group });
    const othersGroupDraft = await insertSite(t, { userIdx: b.userIdx, f_group_idx: group, f_status: 'P' });
    const liked = await insertSite(t, { userIdx: b.userIdx });
    const viewed = await insertSite(t, { userIdx: b.userIdx });
    const unrelated = await insertSite(t, { userIdx: b.userIdx });
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: a.userIdx, f_site_idx: liked, f_reg_time: 'x' })
      .execute();
    await t.deps.db
      .insertInto('site_recent_views')
      .values({ f_user_idx: a.userIdx, f_site_idx: viewed, f_view_time: 'x' })
      .execute();
    await t.deps.db
      .insertInto('site_memos')
      .values({ f_user_idx: a.userIdx, f_site_idx: unrelated, f_memo: '메모', f_update_time: 'x' })
      .execute();
    const notification = await t.deps.db
      .insertInto('notifications')
      .values({
        f_user_idx: a.userIdx,
        f_title: '오늘 방문',
        f_site_idx: own,
        f_longitude: null,
        f_latitude: null,
        f_contacts_list: '[{"f_name":"김","f_phone":"01011112222"}]',
        f_reg_time: 'x',
        f_update_time: 'x',
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('notifications')
      .values({
        f_user_idx: b.userIdx,
        f_longitude: null,
        f_latitude: null,
        f_reg_time: 'x',
        f_update_time: 'x',
      })
      .execute();

    const state = fold((await pullAll(t, { token: a.token, clientId: a.clientId })).changes);
    expect(keysOf(state, 'site')).toEqual([own, ownDraft, grouped, liked, viewed].sort((x, y) => x - y));
    expect(keysOf(state, 'site')).not.toContain(ownDropped);
    expect(keysOf(state, 'site')).not.toContain(othersGroupDraft);
    expect(keysOf(state, 'like')).toEqual([liked]);
    expect(keysOf(state, 'recent')).toEqual([viewed]);
    expect(keysOf(state, 'memo')).toEqual([unrelated]);
    expect(keysOf(state, 'notification')).toEqual([notification.f_idx]);
    const n = state.get(`notification:${notification.f_idx}`);
    expect(n?.op === 'put' && n.t === 'notification' && n.row.contacts_list).toEqual([
      { f_name: '김', f_phone: '01011112222' },
    ]);
  });

  it('brings a site with its contacts and area types, then its buildings with their units', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx, f_image_urls: '["/uploads/x.webp"]' });
    await t.handle.all(
      "INSERT INTO site_contacts (f_site_idx, f_name, f_phone) VALUES (?, '박', '01099998888')",
      site,
    );
    const dong = await t.handle.value(
      "INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor) VALUES (?, '101동', 2, 1) RETURNING f_idx",
      site,
    );
    await t.handle.all(
      "INSERT INTO hos (f_site_idx, f_dong_idx, f_floor, f_ho) VALUES (?, ?, 2, '201')",
      site,
      dong,
    );
    const state = fold((await pullAll(t, { token: a.token, clientId: a.clientId })).changes);
    const change = state.get(`site:${site}`);
    if (change?.t !== 'site' || change.op !== 'put') throw new Error('site not pulled');
    expect(change.row.f_image_urls).toEqual(['/uploads/x.webp']);
    expect(change.row.contacts).toEqual([{ f_name: '박', f_phone: '01099998888' }]);
    expect(change.row.version).toBeGreaterThan(0);
    // A registered site's buildings and units follow as their own change.
    expect(change.row.dongs).toEqual([]);
    const units = state.get(`units:${site}`);
    if (units?.t !== 'units') throw new Error('units not pulled');
    expect(units.row.dongs).toHaveLength(1);
    expect(units.row.dongs[0]).toMatchObject({ f_dong: '101동', hos: [{ f_ho: '201', f_floor: 2 }] });
  });
});

async function addUnits(t: TestApp, site: number) {
  const dong = await t.handle.value(
    "INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor) VALUES (?, '101동', 1, 2) RETURNING f_idx",
    site,
  );
  for (const ho of ['101', '102']) {
    await t.handle.all(
      'INSERT INTO hos (f_site_idx, f_dong_idx, f_floor, f_ho) VALUES (?, ?, 1, ?)',
      site,
      dong,
      ho,
    );
  }
}

describe('pull: units', () => {
  it('lists every site of a first pull before the first unit, and a site entering the scope brings its units', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const own: number[] = [];
    for (let i = 0; i < 5; i++) {
      const site = await insertSite(t, { userIdx: a.userIdx });
      await addUnits(t, site);
      own.push(site);
    }
    const first = await pullAll(t, { token: a.token, clientId: a.clientId, limit: 2 });
    const kinds = first.changes.map((c) => c.t);
    expect(kinds.lastIndexOf('site')).toBeLessThan(kinds.indexOf('units'));
    expect(keysOf(fold(first.changes), 'units')).toEqual(own);

    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: b.userIdx, now: now() });
    const shared = await insertSite(t, { userIdx: b.userIdx, f_group_idx: group });
    await addUnits(t, shared);
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx, now: now() });
    const next = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: first.cursor });
    expect(next.changes.map((c) => [c.t, c.op, c.key])).toEqual([
      ['site', 'put', shared],
      ['units', 'put', shared],
    ]);
  });
});

describe('pull: a site entering the scope', () => {
  it('brings its units also when the site itself changed after the cursor, just before it entered (found by the chaos harness)', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    // B's site with units, not in A's scope when A's device pulls.
    const site = await insertSite(t, { userIdx: b.userIdx });
    await addUnits(t, site);
    const first = await pullAll(t, { token: a.token, clientId: a.clientId });
    expect(keysOf(fold(first.changes), 'site')).toEqual([]);
    // B edits the site (its content version moves past A's cursor), then A likes it: one page holds both.
    await t.deps.db.updateTable('sites').set({ f_memo: '주차 2대' }).where('f_idx', '=', site).execute();
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: a.userIdx, f_site_idx: site, f_reg_time: now().toISOString() })
      .execute();
    const next = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: first.cursor });
    const state = fold(next.changes);
    expect(keysOf(state, 'site')).toEqual([site]);
    const units = state.get(`units:${site}`);
    if (units?.t !== 'units') throw new Error('the site came without its units');
    expect(units.row.dongs[0]?.hos.map((h) => h.f_ho)).toEqual(['101', '102']);
  });
});

describe('pull: changes after the cursor', () => {
  it('returns only what changed since the cursor, and nothing when nothing did', async () => {
    t = await createTestApp();
    const a = await member(t);
    const first = await insertSite(t, { userIdx: a.userIdx });
    const second = await insertSite(t, { userIdx: a.userIdx });
    const initial = await pullAll(t, { token: a.token, clientId: a.clientId });
    const empty = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: initial.cursor });
    expect(empty.changes).toEqual([]);

    // A unit of the second site changes: the site (with its new version) and its units come again.
    const dong = await t.handle.value(
      "INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor) VALUES (?, '1동', 1, 1) RETURNING f_idx",
      second,
    );
    await t.handle.all(
      "INSERT INTO hos (f_site_idx, f_dong_idx, f_floor, f_ho) VALUES (?, ?, 1, '101')",
      second,
      dong,
    );
    const next = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: empty.cursor });
    expect(next.changes.map((c) => [c.t, c.op, c.key])).toEqual([
      ['site', 'put', second],
      ['units', 'put', second],
    ]);
    const renamed = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: next.cursor });
    expect(renamed.changes).toEqual([]);
    await t.deps.db.updateTable('sites').set({ f_name: '새 이름' }).where('f_idx', '=', second).execute();
    const onlySite = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: renamed.cursor });
    expect(onlySite.changes.map((c) => [c.t, c.op, c.key])).toEqual([['site', 'put', second]]);
    expect(next.changes.map((c) => c.key)).not.toContain(first);
  });

  it('is read with the protocol’s response schema, so a page that breaks it fails the test', async () => {
    t = await createTestApp();
    const a = await member(t);
    await insertSite(t, { userIdx: a.userIdx });
    const page = await pullPage(t, { token: a.token, clientId: a.clientId });
    expect(page.data.changes.length).toBeGreaterThan(0);
    expect(() => pullAnswer({ ...page, data: { ...page.data, more: 'yes' } })).toThrow();
    const siteAsRow = { t: 'site', op: 'put', key: 1, row: { f_name: 'x' } };
    expect(() => pullAnswer({ ...page, data: { ...page.data, changes: [siteAsRow] } })).toThrow();
  });

  it('starts over, saying so, when the cursor comes from data the server no longer has', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const res = await pullPage(t, { token: a.token, clientId: a.clientId, cursor: 'v999999999' });
    expect(res.data.reset).toBe(true);
    expect(res.data.changes.map((c) => [c.t, c.key])).toEqual([['site', site]]);
  });

  it('sends deletions: a removed draft, a deleted (D) site, an unliked site and its like', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const draft = await insertSite(t, { userIdx: a.userIdx, f_status: 'P' });
    const own = await insertSite(t, { userIdx: a.userIdx });
    const liked = await insertSite(t, { userIdx: b.userIdx });
    await pushAs(t, {
      token: a.token,
      clientId: a.clientId,
      mutations: [mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: liked, like_status: 'Y' } })],
    });
    const initial = await pullAll(t, { token: a.token, clientId: a.clientId });
    expect(keysOf(fold(initial.changes), 'site')).toEqual([draft, own, liked]);
    expect(initial.lastSeq).toBe(1);

    await t.deps.db.deleteFrom('sites').where('f_idx', '=', draft).execute();
    await t.deps.db.updateTable('sites').set({ f_status: 'D' }).where('f_idx', '=', own).execute();
    await pushAs(t, {
      token: a.token,
      clientId: a.clientId,
      mutations: [mutation({ seq: 2, name: 'setLikeSite', args: { site_idx: liked, like_status: 'N' } })],
    });
    const next = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: initial.cursor });
    expect(next.changes.map((c) => `${c.op} ${c.t} ${c.key}`).sort()).toEqual(
      [`del site ${draft}`, `del site ${own}`, `del site ${liked}`, `del like ${liked}`].sort(),
    );
    expect(next.lastSeq).toBe(2);
  });

  it("joining a group brings the group's sites on the next pull; leaving takes them away", async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const group = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: b.userIdx, now: now() });
    const shared = [
      await insertSite(t, { userIdx: b.userIdx, f_group_idx: group }),
      await insertSite(t, { userIdx: b.userIdx, f_group_idx: group }),
    ];
    const alsoLiked = shared[1] as number;
    await t.deps.db
      .insertInto('site_likes')
      .values({ f_user_idx: a.userIdx, f_site_idx: alsoLiked, f_reg_time: 'x' })
      .execute();
    let sync = await pullAll(t, { token: a.token, clientId: a.clientId });
    let state = fold(sync.changes);
    expect(keysOf(state, 'site')).toEqual([alsoLiked]);

    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx, now: now() });
    sync = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: sync.cursor });
    state = fold([...state.values(), ...sync.changes]);
    expect(keysOf(state, 'site')).toEqual(shared);

    // A site shared to the group later arrives too; a released one leaves.
    const later = await insertSite(t, { userIdx: b.userIdx });
    await setSiteGroup({ db: t.deps.db, siteIdx: later, groupIdx: group });
    await setSiteGroup({ db: t.deps.db, siteIdx: shared[0] as number, groupIdx: null });
    sync = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: sync.cursor });
    state = fold([...state.values(), ...sync.changes]);
    expect(keysOf(state, 'site')).toEqual([alsoLiked, later]);

    await removeGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx });
    sync = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: sync.cursor });
    state = fold([...state.values(), ...sync.changes]);
    // The liked one stays: it is still in scope as a favourite.
    expect(keysOf(state, 'site')).toEqual([alsoLiked]);

    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx, now: now() });
    sync = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: sync.cursor });
    state = fold([...state.values(), ...sync.changes]);
    expect(keysOf(state, 'site')).toEqual([alsoLiked, later]);
  });

  it('a transfer moves the site from the former owner to the new one', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const aSync = await pullAll(t, { token: a.token, clientId: a.clientId });
    const bSync = await pullAll(t, { token: b.token, clientId: b.clientId });
    expect(keysOf(fold(bSync.changes), 'site')).toEqual([]);

    await t.deps.db.updateTable('sites').set({ f_user_idx: b.userIdx }).where('f_idx', '=', site).execute();
    const aNext = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: aSync.cursor });
    const bNext = await pullAll(t, { token: b.token, clientId: b.clientId, cursor: bSync.cursor });
    expect(aNext.changes.map((c) => [c.op, c.t, c.key])).toEqual([['del', 'site', site]]);
    expect(bNext.changes.map((c) => [c.op, c.t, c.key])).toEqual([['put', 'site', site]]);
  });

  it('comes in pages that together hold the whole scope, also when a page ends inside one version', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const group = await createGroup({ db: t.deps.db, name: '큰 팀', ownerIdx: b.userIdx, now: now() });
    const sites: number[] = [];
    for (let i = 0; i < 23; i++) sites.push(await insertSite(t, { userIdx: b.userIdx, f_group_idx: group }));
    const own = await insertSite(t, { userIdx: a.userIdx });
    const first = await pullAll(t, { token: a.token, clientId: a.clientId, limit: 5 });
    expect(keysOf(fold(first.changes), 'site')).toEqual([own]);

    // One insert of a membership puts all 23 sites in the feed at the same version.
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: a.userIdx, now: now() });
    const paged = await pullAll(t, { token: a.token, clientId: a.clientId, cursor: first.cursor, limit: 5 });
    expect(paged.pages).toBeGreaterThanOrEqual(5);
    const keys = paged.changes.map((c: Change) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort((x, y) => x - y)).toEqual(sites);
    const fresh = await pullAll(t, { token: a.token, clientId: 'client-fresh-01', limit: 4 });
    expect(keysOf(fold(fresh.changes), 'site')).toEqual([...sites, own].sort((x, y) => x - y));
  });
});
