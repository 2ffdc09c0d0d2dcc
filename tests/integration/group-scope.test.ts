import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { localSitePage } from '../../src/features/sites/common/local-sites.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import type { MyGroup } from '../../sync/api/groups.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { ResultCode } from '../../sync/codes.ts';

/**
 * A group decides which sites sit on its members' devices (design.md, sync guarantee 3). Each
 * case changes the group through the group calls, as the app does, and lets the real sync
 * engine pull: what arrives, what leaves, and what becomes of changes a member had waiting.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function setup() {
  const clock = fixedClock('2026-03-01T00:00:00Z');
  t = await createTestApp({ clock });
  let n = 0;
  const agent = async (name: string) => {
    const phone = `0103333${String(++n).padStart(4, '0')}`;
    const userIdx = await insertUser(t, { f_phone: phone, f_name: name });
    const deviceId = `device-${userIdx}`;
    const token = await insertSession(t, { userIdx, deviceId });
    const call = async <T>(path: string, body: object = {}) => {
      clock.advance(1000);
      const res = await t.call<T>(path, { token, body });
      if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
      return res.data;
    };
    const made = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token, deviceId });
    dbs.push(made.db);
    return { userIdx, phone, token, call, ...made };
  };
  const lead = await agent('이수진');
  const mate = await agent('박정호');
  const { group } = await lead.call<{ group: MyGroup }>('/group/addGroup', { group_name: '강남팀' });
  const shared = await insertSite(t, {
    userIdx: lead.userIdx,
    f_name: '공유 현장',
    f_group_idx: group.f_idx,
  });
  // Hidden from everyone else, still a group site for the group.
  const hidden = await insertSite(t, {
    userIdx: lead.userIdx,
    f_name: '숨긴 공유 현장',
    f_group_idx: group.f_idx,
    f_hidden: 'Y',
  });
  const own = await insertSite(t, { userIdx: mate.userIdx, f_name: '내 현장' });
  return { lead, mate, groupIdx: group.f_idx, shared, hidden, own };
}

const groupTab = (db: LocalDb, uid: number) =>
  localSitePage({ list: { kind: 'group', keyword: '', onlyNewOpen: false }, uid, page: 1, db });
const ids = (page: SitePage) => page.list.map((s) => s.f_idx).sort((a, b) => a - b);

describe('a member’s device and the group', () => {
  it('gets the group’s sites, hidden ones included, at the next pull after being added, and shows them under group sites offline', async () => {
    const { lead, mate, groupIdx, shared, hidden, own } = await setup();
    await mate.engine.sync();
    expect(await mate.db.sites.keys()).toEqual([own]);

    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.engine.sync();
    expect(await mate.db.sites.keys()).toEqual([shared, hidden, own].sort((a, b) => a - b));
    mate.network.online = false;
    expect(ids(await groupTab(mate.db, mate.userIdx))).toEqual([shared, hidden].sort((a, b) => a - b));
  });

  it('loses them at the next pull once removed by the owner, or after leaving', async () => {
    const { lead, mate, groupIdx, shared, hidden, own } = await setup();
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.engine.sync();
    expect(await mate.db.sites.count()).toBe(3);

    await lead.call('/group/deleteMemberFromGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.engine.sync();
    expect(await mate.db.sites.keys()).toEqual([own]);
    expect((await groupTab(mate.db, mate.userIdx)).list).toEqual([]);

    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.engine.sync();
    expect(await mate.db.sites.keys()).toEqual([shared, hidden, own].sort((a, b) => a - b));
    await mate.call('/group/leaveGroup', { group_idx: groupIdx });
    await mate.engine.sync();
    expect(await mate.db.sites.keys()).toEqual([own]);
  });

  it('gets a site the owner shares and loses it when the owner releases it', async () => {
    const { lead, mate, groupIdx, own } = await setup();
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    const later = await insertSite(t, { userIdx: lead.userIdx, f_name: '나중 현장' });
    await mate.engine.sync();
    expect(await mate.db.sites.get(later)).toBeUndefined();

    await lead.call('/group/shareSiteToGroup', { site_idx: later, group_idx: groupIdx });
    await mate.engine.sync();
    expect(await mate.db.sites.get(later)).toMatchObject({ f_name: '나중 현장', f_group_idx: groupIdx });

    await lead.call('/group/releaseSiteFromGroup', { site_idx: later });
    await mate.engine.sync();
    expect(await mate.db.sites.get(later)).toBeUndefined();
    expect(await mate.db.sites.get(own)).toBeDefined();
    // The owner keeps it, no longer shared.
    await lead.engine.sync();
    expect(await lead.db.sites.get(later)).toMatchObject({ f_group_idx: null });
  });

  it('keeps a released site the member liked, outside the group sites', async () => {
    const { lead, mate, groupIdx, shared } = await setup();
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.call('/site/setLikeSite', { site_idx: shared, like_status: 'Y' });
    await lead.call('/group/releaseSiteFromGroup', { site_idx: shared });
    await mate.engine.sync();
    expect(await mate.db.sites.get(shared)).toMatchObject({ f_group_idx: null });
    expect(ids(await groupTab(mate.db, mate.userIdx))).not.toContain(shared);
  });

  it('turns a change the removed member had waiting for a group site into a rejection they can see', async () => {
    const { lead, mate, groupIdx, shared } = await setup();
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.engine.sync();

    // Offline on the site, the member marks it sold out and edits its name.
    mate.network.online = false;
    await mate.engine.mutate('setCompleteSite', { site_idx: shared, complete_status: 'Y' });
    await mate.engine.mutate('saveSite', {
      site_idx: shared,
      site_type: 'O',
      base_version: null,
      base: { f_name: '공유 현장' },
      changes: { f_name: '바꾼 이름' },
    });
    expect(mate.engine.status().pending).toBe(2);

    // Meanwhile the owner removes them from the group.
    await lead.call('/group/deleteMemberFromGroup', { group_idx: groupIdx, phone_number: mate.phone });
    mate.network.online = true;
    await mate.engine.sync();

    expect(mate.engine.status()).toMatchObject({ pending: 0, rejected: 2 });
    const rejected = await mate.db.outbox.toArray();
    expect(rejected.map((e) => [e.name, e.status, e.error_code, e.error_msg])).toEqual([
      ['setCompleteSite', 'rejected', ResultCode.notGroupMember, 'You are not a member of this group.'],
      ['saveSite', 'rejected', ResultCode.notGroupMember, 'You are not a member of this group.'],
    ]);
    expect(await mate.db.sites.get(shared)).toBeUndefined();
    const row = await t.handle.row('SELECT f_name, f_complete FROM sites WHERE f_idx = ?', shared);
    expect(row).toEqual({ f_name: '공유 현장', f_complete: 'N' });
  });

  it('takes a member’s own shared sites out of the group when they leave or are removed: off the others’ devices, no longer theirs to edit', async () => {
    const { lead, mate, groupIdx, own } = await setup();
    const third = await insertUser(t, { f_phone: '01033339999', f_name: '최민아' });
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: '01033339999' });
    const thirdsSite = await insertSite(t, { userIdx: third, f_name: '셋째 현장', f_group_idx: groupIdx });
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.call('/group/shareSiteToGroup', { site_idx: own, group_idx: groupIdx });
    await lead.engine.sync();
    expect(await lead.db.sites.get(own)).toMatchObject({ f_group_idx: groupIdx });
    expect(await lead.db.sites.get(thirdsSite)).toMatchObject({ f_group_idx: groupIdx });

    await mate.call('/group/leaveGroup', { group_idx: groupIdx });
    await lead.call('/group/deleteMemberFromGroup', { group_idx: groupIdx, phone_number: '01033339999' });
    await lead.engine.sync();
    expect(await lead.db.sites.get(own)).toBeUndefined();
    expect(await lead.db.sites.get(thirdsSite)).toBeUndefined();
    const groupSites = (await lead.call<SitePage>('/site/getSiteOfGroup', { group_idx: groupIdx })).list;
    expect(groupSites.map((s) => s.f_idx)).not.toContain(own);
    for (const site of [own, thirdsSite]) {
      const edit = await t.call('/site/setCompleteSite', {
        token: lead.token,
        body: { site_idx: site, complete_status: 'Y' },
      });
      expect(edit.code).not.toBe(ResultCode.ok);
    }
    const rows = await t.handle.all(
      'SELECT f_group_idx, f_complete FROM sites WHERE f_idx IN (?, ?) ORDER BY f_idx',
      own,
      thirdsSite,
    );
    expect(rows).toEqual([
      { f_group_idx: null, f_complete: 'N' },
      { f_group_idx: null, f_complete: 'N' },
    ]);
    // The member keeps the site, shared with no one.
    await mate.engine.sync();
    expect(await mate.db.sites.get(own)).toMatchObject({ f_group_idx: null });
  });

  it('lists offline what the server lists under group sites: the member’s own shared sites, not a liked site of another group', async () => {
    const { lead, mate, groupIdx, own } = await setup();
    await lead.call('/group/addMemberToGroup', { group_idx: groupIdx, phone_number: mate.phone });
    await mate.call('/group/shareSiteToGroup', { site_idx: own, group_idx: groupIdx });
    const stranger = await insertUser(t);
    const { f_idx: elsewhere } = (await t.handle.row(
      "INSERT INTO groups (f_name, f_owner_idx, f_reg_time) VALUES ('남의 그룹', ?, 'x') RETURNING f_idx",
      stranger,
    )) as { f_idx: number };
    const othersSite = await insertSite(t, { userIdx: stranger, f_group_idx: elsewhere });
    await mate.call('/site/setLikeSite', { site_idx: othersSite, like_status: 'Y' });
    await mate.engine.sync();
    expect(await mate.db.sites.get(othersSite)).toBeDefined();

    const server = await mate.call<SitePage>('/site/getSiteOfGroup', {});
    const known = (await mate.call<{ list: MyGroup[] }>('/group/getMyGroupList')).list.map((g) => g.f_idx);
    const local = await localSitePage({
      list: { kind: 'group', keyword: '', onlyNewOpen: false, known },
      uid: mate.userIdx,
      page: 1,
      db: mate.db,
    });
    expect(ids(local)).toEqual(ids(server));
    expect(ids(local)).toContain(own);
    expect(ids(local)).not.toContain(othersSite);
  });
});
