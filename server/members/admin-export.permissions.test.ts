import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTab } from '../../sync/admin-tabs.ts';
import { API_BASE, Headers, ResultCode } from '../../sync/codes.ts';
import { createTestApp, deviceOf, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

/**
 * Spec §6 on the admin db and member operations, as a matrix: every caller from no token to an
 * admin holding the tab, with the admin lock closed and open. Neither the db tab nor the member
 * tab is lock-protected (sync/admin-tabs.ts lockedTabs), so the tab alone opens them. A refusal
 * writes nothing.
 */

type Who = 'nobody' | 'agent' | 'memberView' | 'adminNoTab' | 'adminTabLocked' | 'adminTabUnlocked';
const label: Record<Who, string> = {
  nobody: 'a caller without a token',
  agent: 'an agent',
  memberView: "a member's view opened by an admin",
  adminNoTab: 'an admin without the tab',
  adminTabLocked: 'an admin with the tab and the lock closed',
  adminTabUnlocked: 'an admin with the tab and the lock open',
};

interface Case {
  name: string;
  path: string;
  tab: AdminTab;
  /** A body acting on a fresh target, so each allowed call has something to act on. */
  body: () => Promise<Record<string, unknown>>;
  /** A successful answer is a file rather than the envelope. */
  file?: boolean;
}

let t: TestApp;
const tokens: Partial<Record<Who, Record<number, string>>> = {};
let serial = 0;

async function agentPhone(): Promise<string> {
  serial += 1;
  const phone = `0103000${String(serial).padStart(4, '0')}`;
  await insertUser(t, { f_phone: phone });
  return phone;
}

const cases: Case[] = [
  {
    name: 'downloadUserTable',
    path: '/admin/downloadUserTable',
    tab: AdminTab.db,
    file: true,
    body: async () => ({ type: 'members' }),
  },
  {
    name: 'getUserDetail',
    path: '/admin/getUserDetail',
    tab: AdminTab.member,
    body: async () => ({ phone: await agentPhone() }),
  },
  {
    name: 'findUserListByPhone',
    path: '/admin/findUserListByPhone',
    tab: AdminTab.member,
    body: async () => ({ phone: '', page: 1 }),
  },
  {
    name: 'adminLogin',
    path: '/admin/adminLogin',
    tab: AdminTab.member,
    body: async () => ({ phone_number: await agentPhone(), type: 'phone' }),
  },
  {
    name: 'blockPhone',
    path: '/admin/blockPhone',
    tab: AdminTab.member,
    body: async () => ({ phone: await agentPhone() }),
  },
  {
    name: 'unblockPhone',
    path: '/admin/unblockPhone',
    tab: AdminTab.member,
    body: async () => ({ phone: await agentPhone() }),
  },
];

async function admin(authority: string, unlocked: boolean): Promise<string> {
  const userIdx = await insertUser(t, { f_type: 'A', f_admin_authority: authority });
  return insertSession(t, { userIdx, deviceId: `admin-${userIdx}`, unlocked });
}

beforeAll(async () => {
  t = await createTestApp();
  const agentIdx = await insertUser(t);
  const agent = await insertSession(t, { userIdx: agentIdx, deviceId: 'agent-device' });
  for (const tab of [AdminTab.db, AdminTab.member]) {
    // Every other grantable tab but this one: authority elsewhere opens nothing here.
    const others = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12].filter((n) => n !== tab).join(',');
    tokens.adminNoTab = { ...tokens.adminNoTab, [tab]: await admin(others, true) };
    tokens.adminTabLocked = { ...tokens.adminTabLocked, [tab]: await admin(String(tab), false) };
    tokens.adminTabUnlocked = { ...tokens.adminTabUnlocked, [tab]: await admin(String(tab), true) };
    tokens.agent = { ...tokens.agent, [tab]: agent };
  }
  // A member's view opened by an admin holding both tabs carries none of them.
  const opener = tokens.adminTabUnlocked?.[AdminTab.member] ?? '';
  const view = await t.call<{ access_token: string }>('/admin/adminLogin', {
    token: opener,
    body: { phone_number: await agentPhone(), type: 'phone' },
  });
  tokens.memberView = { [AdminTab.db]: view.data.access_token, [AdminTab.member]: view.data.access_token };
});

afterAll(async () => {
  await t?.close();
});

/** The device a token belongs to: a member's view was issued to its opener's device. */
function deviceIdOf(token: string): string {
  return deviceOf(token) ?? deviceOf(tokens.adminTabUnlocked?.[AdminTab.member] ?? '') ?? '';
}

async function callAs({ who, c, body }: { who: Who; c: Case; body: Record<string, unknown> }) {
  const token = tokens[who]?.[c.tab];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) {
    headers[Headers.accessToken] = token;
    headers[Headers.deviceId] = deviceIdOf(token);
  }
  const res = await t.app.request(`${API_BASE}${c.path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  const code = isJson ? ((await res.json()) as { code: number }).code : null;
  if (!isJson) await res.arrayBuffer();
  return { status: res.status, code, isJson };
}

describe.each(cases)('$name', (c) => {
  it.each(['nobody', 'agent', 'memberView', 'adminNoTab'] as const)(
    'is refused to %s, writing nothing',
    async (who) => {
      // The target (if any) is made first: only the call itself must write nothing.
      const body = await c.body();
      const before = t.changes();
      const answer = await callAs({ who, c, body });
      expect(answer.code, label[who]).toBe(who === 'nobody' ? ResultCode.tokenEmpty : ResultCode.apiError);
      expect(answer.status).toBe(who === 'nobody' ? 401 : 403);
      expect(t.changes()).toBe(before);
    },
  );

  it.each(['adminTabLocked', 'adminTabUnlocked'] as const)('is answered to %s', async (who) => {
    const answer = await callAs({ who, c, body: await c.body() });
    expect(answer.status, label[who]).toBe(200);
    if (c.file) expect(answer.isJson).toBe(false);
    else expect(answer.code).toBe(ResultCode.ok);
  });
});
