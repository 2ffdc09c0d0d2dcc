import { afterEach, describe, expect, it } from 'vitest';
import type { GroupMember, MyGroup } from '../../sync/api/groups.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function setup() {
  const clock = fixedClock('2026-03-01T00:00:00Z');
  t = await createTestApp({ clock });
  let n = 0;
  const agent = async (name: string) => {
    const phone = `0104444${String(++n).padStart(4, '0')}`;
    const userIdx = await insertUser(t, { f_phone: phone, f_name: name });
    const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
    const call = async <T>(path: string, body: object = {}) => {
      clock.advance(1000);
      return t.call<T>(path, { token, body });
    };
    return { userIdx, phone, token, call };
  };
  return { clock, agent };
}

const groupsOf = async (a: { call: <T>(p: string, b?: object) => Promise<{ data: T }> }) =>
  (await a.call<{ list: MyGroup[] }>('/group/getMyGroupList')).data.list;

describe('group management', () => {
  it('makes a new group its creator’s own and most recent group', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    const first = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '  강남팀 ' });
    expect(first.code).toBe(ResultCode.ok);
    expect(first.data.group).toMatchObject({ f_name: '강남팀', f_is_owner: 'Y', f_member_count: 1 });
    const second = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '분당팀' });
    const recent = await a.call<{ group: MyGroup | null }>('/group/getRecentVisitGroup');
    expect(recent.data.group?.f_idx).toBe(second.data.group.f_idx);
    // Opening the first group's members is a visit: it is the recent one again.
    await a.call('/group/getMembersOfGroup', { group_idx: first.data.group.f_idx });
    const again = await a.call<{ group: MyGroup | null }>('/group/getRecentVisitGroup');
    expect(again.data.group?.f_idx).toBe(first.data.group.f_idx);
  });

  it('refuses an empty or too long group name with -4', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    for (const group_name of ['   ', '가'.repeat(31)]) {
      expect((await a.call('/group/addGroup', { group_name })).code).toBe(ResultCode.badParameter);
    }
    expect(await groupsOf(a)).toEqual([]);
  });

  it('adds agents by phone, once, and only agents who signed up', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    const b = await agent('박정호');
    const { data } = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '강남팀' });
    const group_idx = data.group.f_idx;
    const added = await a.call<{ member: GroupMember }>('/group/addMemberToGroup', {
      group_idx,
      phone_number: `${b.phone.slice(0, 3)}-${b.phone.slice(3, 7)}-${b.phone.slice(7)}`,
    });
    expect(added.code).toBe(ResultCode.ok);
    expect(added.data.member).toMatchObject({ f_user_name: '박정호', f_phone: b.phone });
    const twice = await a.call('/group/addMemberToGroup', { group_idx, phone_number: b.phone });
    expect(twice.code).toBe(ResultCode.alreadyExists);
    const nobody = await a.call('/group/addMemberToGroup', { group_idx, phone_number: '01099998888' });
    expect(nobody.code).toBe(ResultCode.badParameter);
    expect(nobody.msg).toBe('이 번호로 가입한 회원이 없습니다.');
    const members = await b.call<{ list: GroupMember[] }>('/group/getMembersOfGroup', { group_idx });
    expect(members.data.list.map((m) => [m.f_user_name, m.f_is_owner])).toEqual([
      ['이수진', 'Y'],
      ['박정호', 'N'],
    ]);
  });

  it('says "no group" when removing a phone that is not in the group', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    const b = await agent('박정호');
    const { data } = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '강남팀' });
    const res = await a.call('/group/deleteMemberFromGroup', {
      group_idx: data.group.f_idx,
      phone_number: b.phone,
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toBe('그룹에 없는 번호입니다.');
  });

  it('hands the group to the longest member when its owner leaves, and ends it with the last one', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    const b = await agent('박정호');
    const c = await agent('최민아');
    const { data } = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '강남팀' });
    const group_idx = data.group.f_idx;
    await a.call('/group/addMemberToGroup', { group_idx, phone_number: b.phone });
    await a.call('/group/addMemberToGroup', { group_idx, phone_number: c.phone });
    const site = await insertSite(t, { userIdx: a.userIdx, f_group_idx: group_idx });

    expect((await a.call('/group/leaveGroup', { group_idx })).code).toBe(ResultCode.ok);
    expect(await groupsOf(a)).toEqual([]);
    // The owner who left took their site out of the group.
    expect((await groupsOf(b))[0]).toMatchObject({ f_is_owner: 'Y', f_member_count: 2, f_site_count: 0 });
    // The new owner removes a member; the last one leaves by removing their own phone.
    await b.call('/group/deleteMemberFromGroup', { group_idx, phone_number: c.phone });
    const left = await b.call<{ left: boolean }>('/group/deleteMemberFromGroup', {
      group_idx,
      phone_number: b.phone,
    });
    expect(left.data.left).toBe(true);
    expect(left.msg).toBe('그룹에서 나왔습니다.');
    expect(await t.deps.db.selectFrom('groups').selectAll().execute()).toEqual([]);
    const row = await t.deps.db
      .selectFrom('sites')
      .select('f_group_idx')
      .where('f_idx', '=', site)
      .executeTakeFirst();
    expect(row).toEqual({ f_group_idx: null });
  });

  it('shares only registered sites, and the owner releases them', async () => {
    const { agent } = await setup();
    const a = await agent('이수진');
    const { data } = await a.call<{ group: MyGroup }>('/group/addGroup', { group_name: '강남팀' });
    const group_idx = data.group.f_idx;
    const draft = await insertSite(t, { userIdx: a.userIdx, f_status: 'P' });
    const refused = await a.call('/group/shareSiteToGroup', { site_idx: draft, group_idx });
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.msg).toBe('등록을 마친 현장만 그룹에 공유할 수 있습니다.');
    const site = await insertSite(t, { userIdx: a.userIdx });
    expect((await a.call('/group/shareSiteToGroup', { site_idx: site, group_idx })).code).toBe(ResultCode.ok);
    expect((await groupsOf(a))[0]?.f_site_count).toBe(1);
    expect((await a.call('/group/releaseSiteFromGroup', { site_idx: site })).code).toBe(ResultCode.ok);
    expect((await groupsOf(a))[0]?.f_site_count).toBe(0);
  });
});
