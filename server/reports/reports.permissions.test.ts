import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { MutatorInput } from '../../sync/mutators.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import type { NewSite } from '../sites/sites.tables.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { insertSite, pushOne } from '../testing/sync-fixtures.ts';
import { agent } from './reports.fixtures.ts';

/**
 * Spec §6 on reports, as a matrix: every report operation for the site's owner, a member of the
 * site's group, another agent, an admin without the report tabs and an admin holding them (sale 8,
 * confirm 9). Offline operations are checked as RPC and as pushed mutations. A refusal writes
 * nothing: no report, no decision, no points, no audit line, no change to the block.
 */

type Who = 'owner' | 'member' | 'other' | 'adminNoTab' | 'adminTab';
const everyone: readonly Who[] = ['owner', 'member', 'other', 'adminNoTab', 'adminTab'];
const label: Record<Who, string> = {
  owner: 'the owner',
  member: 'a member of the site group',
  other: 'another agent',
  adminNoTab: 'an admin without the report tabs',
  adminTab: 'an admin holding them',
};

let t: TestApp;
let actors: Record<Who, { userIdx: number; token: string }>;
let reporter: { userIdx: number; token: string };
let groupIdx: number;

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await agent(t),
    member: await agent(t),
    other: await agent(t),
    adminNoTab: await agent(t, { f_type: 'A', f_admin_authority: '0,1' }),
    adminTab: await agent(t, { f_type: 'A', f_admin_authority: '8,9' }),
  };
  reporter = await agent(t);
  const now = new Date();
  groupIdx = await createGroup({ db: t.deps.db, name: '잠실팀', ownerIdx: actors.owner.userIdx, now });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: actors.member.userIdx, now });
});

afterAll(async () => {
  await t?.close();
});

interface Target {
  site: number;
  unit: number;
}

async function freshSite(overrides: Partial<NewSite> = {}): Promise<Target> {
  const site = await insertSite(t, {
    userIdx: actors.owner.userIdx,
    f_group_idx: groupIdx,
    f_site_type: 'O',
    ...overrides,
  });
  const dong = await t.deps.db
    .insertInto('dongs')
    .values({ f_site_idx: site, f_dong: '102동', f_floor_count: 1, f_units_per_floor: 1 })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  const unit = await t.deps.db
    .insertInto('hos')
    .values({ f_site_idx: site, f_dong_idx: dong.f_idx, f_floor: 1, f_ho: '101' })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return { site, unit: unit.f_idx };
}

/** Everything a report operation could change. */
async function snapshot(): Promise<string> {
  return JSON.stringify([
    await t.handle.all('SELECT * FROM reports ORDER BY f_idx'),
    await t.handle.all('SELECT f_idx, f_point, f_warned_count FROM users ORDER BY f_idx'),
    await t.handle.all('SELECT f_idx FROM point_logs ORDER BY f_idx'),
    await t.handle.all('SELECT f_idx FROM admin_audit ORDER BY f_idx'),
  ]);
}

async function rpc({ who, path, body = {} }: { who: Who; path: string; body?: unknown }): Promise<number> {
  return (await t.call(path, { token: actors[who].token, body })).code;
}

async function pushed<N extends 'reportSite' | 'reportHo_app'>({
  who,
  name,
  args,
}: {
  who: Who;
  name: N;
  args: MutatorInput<N>;
}): Promise<number> {
  return pushOne(t, { token: actors[who].token, clientId: `client-${who}-0001`, name, args });
}

/** A pending report by someone none of the actors is, for the decisions. */
async function pendingReport({ site }: Target): Promise<number> {
  const made = await t.call<{ f_report_idx: number }>('/site/reportSite', {
    token: reporter.token,
    body: { site_idx: site, report_type: 'SC', complete_status: 'Y' },
  });
  if (made.code !== 0) throw new Error(made.msg);
  return made.data.f_report_idx;
}

/** A member blocked by three rejected reports, for the lift. */
async function blockedMember(): Promise<number> {
  const blocked = await agent(t, { f_warned_count: 3 });
  return blocked.userIdx;
}

interface Case {
  op: string;
  site?: () => Promise<Target>;
  run: (who: Who, target: Target) => Promise<number>;
  expect: Record<Who, number>;
}

const ok = 0;
const refused = ResultCode.apiError;
const all = (code: number): Record<Who, number> => ({
  owner: code,
  member: code,
  other: code,
  adminNoTab: code,
  adminTab: code,
});
const tabOnly = { owner: refused, member: refused, other: refused, adminNoTab: refused, adminTab: ok };
const hiddenSite = { owner: ok, member: ok, other: refused, adminNoTab: ok, adminTab: ok };

const twoDoors = ({
  name,
  path,
  on = '',
  args,
  expected,
  site,
}: {
  name: 'reportSite' | 'reportHo_app';
  path: string;
  on?: string;
  args: (target: Target) => Record<string, unknown>;
  expected: Record<Who, number>;
  site?: Case['site'];
}): Case[] => [
  {
    op: `${name}${on} as RPC`,
    ...(site ? { site } : {}),
    run: (who, target) => rpc({ who, path, body: args(target) }),
    expect: expected,
  },
  {
    op: `${name}${on} as a pushed mutation`,
    ...(site ? { site } : {}),
    run: (who, target) => pushed({ who, name, args: args(target) as never }),
    expect: expected,
  },
];

const cases: Case[] = [
  ...twoDoors({
    name: 'reportSite',
    path: '/site/reportSite',
    args: ({ site }) => ({ site_idx: site, report_type: 'SC', complete_status: 'Y', memo: '전 세대 완판' }),
    expected: all(ok),
  }),
  ...twoDoors({
    name: 'reportSite',
    path: '/site/reportSite',
    on: ' of a hidden site',
    args: ({ site }) => ({ site_idx: site, report_type: 'PC' }),
    expected: hiddenSite,
    site: () => freshSite({ f_hidden: 'Y' }),
  }),
  ...twoDoors({
    name: 'reportSite',
    path: '/site/reportSite',
    on: ' of a general site',
    args: ({ site }) => ({ site_idx: site, report_type: 'SS' }),
    expected: all(refused),
    site: () => freshSite({ f_site_type: 'G', f_remain_days_till_hide: 20 }),
  }),
  ...twoDoors({
    name: 'reportHo_app',
    path: '/site/reportHo_app',
    args: ({ site, unit }) => ({ site_idx: site, ho_idx: unit, report_type: 'HC', complete_status: 'Y' }),
    expected: all(ok),
  }),
  ...twoDoors({
    name: 'reportHo_app',
    path: '/site/reportHo_app',
    on: ' of a hidden site',
    args: ({ site, unit }) => ({ site_idx: site, ho_idx: unit, report_type: 'HW' }),
    expected: hiddenSite,
    site: () => freshSite({ f_hidden: 'Y' }),
  }),
  {
    op: 'getReportCount',
    run: (who) => rpc({ who, path: '/report/getReportCount' }),
    expect: all(ok),
  },
  {
    op: 'getSiteListForReport',
    run: (who) => rpc({ who, path: '/report/getSiteListForReport', body: { site_name: '테스트' } }),
    expect: all(ok),
  },
  {
    op: 'getReportResultList',
    run: (who) => rpc({ who, path: '/report/getReportResultList', body: { page_num: 1 } }),
    expect: all(ok),
  },
  {
    op: 'getUnregisteredReportList',
    run: (who) => rpc({ who, path: '/report/getUnregisteredReportList', body: { page_num: 1 } }),
    expect: all(ok),
  },
  {
    op: 'getSaleReqUserList',
    run: (who) => rpc({ who, path: '/admin/getSaleReqUserList', body: { date: 1 } }),
    expect: tabOnly,
  },
  {
    op: 'getReportLog',
    run: (who) => rpc({ who, path: '/admin/getReportLog', body: {} }),
    expect: tabOnly,
  },
  {
    op: 'getCompleteReqSite',
    run: (who) => rpc({ who, path: '/admin/getCompleteReqSite', body: { keyword: '' } }),
    expect: tabOnly,
  },
  {
    op: 'payOrRejectForReport (pay)',
    run: async (who, target) =>
      rpc({
        who,
        path: '/admin/payOrRejectForReport',
        body: { report_idx: await pendingReport(target), type: 'T' },
      }),
    expect: tabOnly,
  },
  {
    op: 'payOrRejectForReport (reject)',
    run: async (who, target) =>
      rpc({
        who,
        path: '/admin/payOrRejectForReport',
        body: { report_idx: await pendingReport(target), type: 'F' },
      }),
    expect: tabOnly,
  },
  {
    op: 'liftReportBlock',
    run: async (who) =>
      rpc({ who, path: '/admin/liftReportBlock', body: { user_idx: await blockedMember() } }),
    expect: tabOnly,
  },
];

function title(c: Case): string {
  const allowed = everyone.filter((w) => c.expect[w] === ok).map((w) => label[w]);
  const denied = everyone.filter((w) => c.expect[w] !== ok).map((w) => `${label[w]} gets ${c.expect[w]}`);
  return `${c.op}: ${[allowed.length ? `${allowed.join(', ')} may` : 'nobody may', ...denied].join('; ')}`;
}

describe('report permissions (spec §6)', () => {
  for (const c of cases) {
    it(title(c), async () => {
      for (const who of everyone) {
        const target = await (c.site ?? (() => freshSite()))();
        const code = await c.run(who, target);
        expect(code, `${c.op} by ${label[who]}`).toBe(c.expect[who]);
      }
    });
  }

  it('a refused decision or lift writes nothing: no decision, no points, no audit, the block stays', async () => {
    const target = await freshSite();
    for (const who of ['owner', 'member', 'other', 'adminNoTab'] as const) {
      const reportIdx = await pendingReport(target);
      const blocked = await blockedMember();
      const before = await snapshot();
      expect(
        await rpc({ who, path: '/admin/payOrRejectForReport', body: { report_idx: reportIdx, type: 'T' } }),
      ).toBe(refused);
      expect(
        await rpc({ who, path: '/admin/payOrRejectForReport', body: { report_idx: reportIdx, type: 'F' } }),
      ).toBe(refused);
      expect(await rpc({ who, path: '/admin/liftReportBlock', body: { user_idx: blocked } })).toBe(refused);
      expect(await snapshot(), `${label[who]} wrote`).toBe(before);
      // Cleared for the next actor: the same reporter may not report the same site twice a day.
      await t.handle.all('DELETE FROM reports WHERE f_idx = ?', reportIdx);
    }
  });

  it('a refused report writes nothing, online or pushed', async () => {
    const general = await freshSite({ f_site_type: 'G', f_remain_days_till_hide: 20 });
    const hidden = await freshSite({ f_hidden: 'Y' });
    const before = await snapshot();
    expect(
      await rpc({
        who: 'other',
        path: '/site/reportSite',
        body: { site_idx: hidden.site, report_type: 'SR' },
      }),
    ).toBe(refused);
    expect(
      await pushed({ who: 'other', name: 'reportSite', args: { site_idx: general.site, report_type: 'SR' } }),
    ).toBe(refused);
    expect(
      await pushed({
        who: 'other',
        name: 'reportHo_app',
        args: { site_idx: hidden.site, ho_idx: hidden.unit, report_type: 'US' },
      }),
    ).toBe(refused);
    expect(await snapshot()).toBe(before);
  });
});
