import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { runStatement } from '../db/statements.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { addGroupMember, createGroup } from './membership.ts';

/**
 * Spec §6 and §8 on groups, as a matrix: for every group call, what the group's owner, a
 * member of it, another agent, an admin without the member tab and an admin with it get.
 * Groups are the members' own: admin authority opens only the back office's list of all
 * groups. Group calls are online only (no pushed form). A refusal writes nothing.
 */

type Who = 'owner' | 'member' | 'other' | 'adminNoTab' | 'adminTab';
const everyone: readonly Who[] = ['owner', 'member', 'other', 'adminNoTab', 'adminTab'];
const label: Record<Who, string> = {
  owner: 'the group owner',
  member: 'a member of the group',
  other: 'another agent',
  adminNoTab: 'an admin without the member tab',
  adminTab: 'an admin with the member tab',
};

interface Actor {
  userIdx: number;
  token: string;
  phone: string;
}

let t: TestApp;
let actors: Record<Who, Actor>;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp();
  const make = async (overrides: Parameters<typeof insertUser>[1] = {}) => {
    const phone = `0105555${String(++phones).padStart(4, '0')}`;
    const userIdx = await insertUser(t, { f_phone: phone, ...overrides });
    return { userIdx, phone, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
  };
  actors = {
    owner: await make(),
    member: await make(),
    other: await make(),
    adminNoTab: await make({ f_type: 'A', f_admin_authority: '1,11' }),
    adminTab: await make({ f_type: 'A', f_admin_authority: '0' }),
  };
});

afterAll(async () => {
  await t?.close();
});

/** A fresh group of the owner with the member and a third agent in it, and two sites of the owner. */
async function world() {
  const now = new Date();
  const groupIdx = await createGroup({ db: t.deps.db, name: '강남팀', ownerIdx: actors.owner.userIdx, now });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: actors.member.userIdx, now });
  const thirdPhone = `0106666${String(++phones).padStart(4, '0')}`;
  const third = await insertUser(t, { f_phone: thirdPhone });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: third, now });
  const outsiderPhone = `0107777${String(++phones).padStart(4, '0')}`;
  await insertUser(t, { f_phone: outsiderPhone });
  const shared = await insertSite(t, { userIdx: actors.owner.userIdx, f_group_idx: groupIdx });
  const unshared = await insertSite(t, { userIdx: actors.owner.userIdx });
  return { groupIdx, thirdPhone, outsiderPhone, shared, unshared };
}
type World = Awaited<ReturnType<typeof world>>;

/** Everything a group call could change. */
async function snapshot(): Promise<string> {
  const q = async (sql: string) => (await runStatement({ db: t.deps.db, sql, params: [] })).rows;
  return JSON.stringify([
    await q('SELECT * FROM groups ORDER BY f_idx'),
    await q('SELECT * FROM group_members ORDER BY f_group_idx, f_user_idx'),
    await q('SELECT f_idx, f_group_idx FROM sites ORDER BY f_idx'),
  ]);
}

const OK = ResultCode.ok;
const REFUSED = ResultCode.apiError;
const NOT_MEMBER = ResultCode.notGroupMember;

interface Row {
  name: string;
  path: string;
  body: (w: World, who: Who) => object;
  expected: Record<Who, number>;
}

const inGroupOnly = (owner: number, member: number): Record<Who, number> => ({
  owner,
  member,
  other: NOT_MEMBER,
  adminNoTab: NOT_MEMBER,
  adminTab: NOT_MEMBER,
});

const matrix: Row[] = [
  {
    name: 'list every group (getAllGroup)',
    path: '/group/getAllGroup',
    body: () => ({ page_num: 1 }),
    expected: { owner: REFUSED, member: REFUSED, other: REFUSED, adminNoTab: REFUSED, adminTab: OK },
  },
  {
    name: 'list my groups (getMyGroupList)',
    path: '/group/getMyGroupList',
    body: () => ({}),
    expected: { owner: OK, member: OK, other: OK, adminNoTab: OK, adminTab: OK },
  },
  {
    name: 'ask for my recent group (getRecentVisitGroup)',
    path: '/group/getRecentVisitGroup',
    body: () => ({}),
    expected: { owner: OK, member: OK, other: OK, adminNoTab: OK, adminTab: OK },
  },
  {
    name: 'create a group (addGroup)',
    path: '/group/addGroup',
    body: () => ({ group_name: '새 그룹' }),
    expected: { owner: OK, member: OK, other: OK, adminNoTab: OK, adminTab: OK },
  },
  {
    name: 'rename the group (changeGroupName)',
    path: '/group/changeGroupName',
    body: (w) => ({ group_idx: w.groupIdx, group_name: '바뀐 이름' }),
    expected: inGroupOnly(OK, REFUSED),
  },
  {
    name: 'see the members (getMembersOfGroup)',
    path: '/group/getMembersOfGroup',
    body: (w) => ({ group_idx: w.groupIdx }),
    expected: inGroupOnly(OK, OK),
  },
  {
    name: 'add an agent by phone (addMemberToGroup)',
    path: '/group/addMemberToGroup',
    body: (w) => ({ group_idx: w.groupIdx, phone_number: w.outsiderPhone }),
    expected: inGroupOnly(OK, OK),
  },
  {
    name: 'remove another member by phone (deleteMemberFromGroup)',
    path: '/group/deleteMemberFromGroup',
    body: (w) => ({ group_idx: w.groupIdx, phone_number: w.thirdPhone }),
    expected: inGroupOnly(OK, REFUSED),
  },
  {
    name: 'remove your own phone, which is leaving (deleteMemberFromGroup)',
    path: '/group/deleteMemberFromGroup',
    body: (w, who) => ({ group_idx: w.groupIdx, phone_number: actors[who].phone }),
    expected: inGroupOnly(OK, OK),
  },
  {
    name: 'leave the group (leaveGroup)',
    path: '/group/leaveGroup',
    body: (w) => ({ group_idx: w.groupIdx }),
    expected: inGroupOnly(OK, OK),
  },
  {
    name: 'share the owner’s site to the group (shareSiteToGroup)',
    path: '/group/shareSiteToGroup',
    body: (w) => ({ site_idx: w.unshared, group_idx: w.groupIdx }),
    expected: inGroupOnly(OK, REFUSED),
  },
  {
    name: 'release the owner’s site from the group (releaseSiteFromGroup)',
    path: '/group/releaseSiteFromGroup',
    body: (w) => ({ site_idx: w.shared }),
    expected: inGroupOnly(OK, REFUSED),
  },
];

describe.each(matrix)('$name', ({ path, body, expected }) => {
  it.each(everyone.map((who) => ({ who, label: label[who] })))('for $label', async ({ who }) => {
    const w = await world();
    const before = await snapshot();
    const res = await t.call(path, { token: actors[who].token, body: body(w, who) });
    expect(res.code, res.msg).toBe(expected[who]);
    if (res.code !== OK) expect(await snapshot()).toBe(before);
  });
});

describe('what the group calls answer each role', () => {
  it('lists the group only to those in it, and every group to an admin with the member tab', async () => {
    const w = await world();
    for (const who of everyone) {
      const mine = await t.call<{ list: Array<{ f_idx: number }> }>('/group/getMyGroupList', {
        token: actors[who].token,
      });
      const has = mine.data.list.some((g) => g.f_idx === w.groupIdx);
      expect(has, who).toBe(who === 'owner' || who === 'member');
    }
    const all = await t.call<{ list: Array<{ f_idx: number }> }>('/group/getAllGroup', {
      token: actors.adminTab.token,
      body: { page_num: 1 },
    });
    expect(all.data.list.some((g) => g.f_idx === w.groupIdx)).toBe(true);
  });
});
