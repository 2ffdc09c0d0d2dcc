import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { MutatorInput, MutatorName } from '../../sync/mutators.ts';
import { runStatement } from '../db/statements.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { pushOne, siteWithUnits } from '../testing/sync-fixtures.ts';
import type { NewSite } from './sites.tables.ts';

/**
 * Spec §6 on sites, as a matrix: for every site operation, what the owner, a member of the
 * site's group, another agent and an admin get. A refusal writes nothing on the site.
 * The offline operations are checked as plain RPC and as pushed mutations (same server code,
 * two doors).
 */

type Who = 'owner' | 'member' | 'other' | 'admin';
const everyone: readonly Who[] = ['owner', 'member', 'other', 'admin'];
const label: Record<Who, string> = {
  owner: 'the owner',
  member: 'a member of the site group',
  other: 'another agent',
  admin: 'an admin',
};

interface Actor {
  userIdx: number;
  token: string;
}

let t: TestApp;
let actors: Record<Who, Actor>;
let groupIdx: number;
let otherGroupIdx: number;

beforeAll(async () => {
  t = await createTestApp();
  const make = async (overrides: Parameters<typeof insertUser>[1] = {}) => {
    const userIdx = await insertUser(t, overrides);
    return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
  };
  actors = {
    owner: await make(),
    member: await make(),
    other: await make(),
    // An admin with no tab authority listed: the site tab is open to every admin.
    admin: await make({ f_type: 'A', f_admin_authority: '' }),
  };
  const now = new Date();
  groupIdx = await createGroup({ db: t.deps.db, name: '강남팀', ownerIdx: actors.owner.userIdx, now });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: actors.member.userIdx, now });
  otherGroupIdx = await createGroup({ db: t.deps.db, name: '분당팀', ownerIdx: actors.other.userIdx, now });
});

afterAll(async () => {
  await t?.close();
});

/** A fresh new-open site of the owner, shared to the owner's group, with two units. */
function freshSite(overrides: Partial<NewSite> = {}) {
  return siteWithUnits(t, { userIdx: actors.owner.userIdx, f_group_idx: groupIdx, ...overrides });
}

/** Everything an operation could change about a site, to show a refusal left it alone. */
async function snapshot(site: number): Promise<string> {
  const q = async (sql: string) => (await runStatement({ db: t.deps.db, sql, params: [site] })).rows;
  return JSON.stringify([
    await q('SELECT * FROM sites WHERE f_idx = ?'),
    await q('SELECT f_idx, f_complete FROM hos WHERE f_site_idx = ? ORDER BY f_idx'),
    await q('SELECT f_user_idx FROM site_likes WHERE f_site_idx = ? ORDER BY f_user_idx'),
    await q('SELECT f_user_idx, f_memo FROM site_memos WHERE f_site_idx = ? ORDER BY f_user_idx'),
    await q('SELECT * FROM site_states WHERE f_site_idx = ?'),
    await q('SELECT * FROM site_shares WHERE f_site_idx = ?'),
  ]);
}

async function rpc({ who, path, body = {} }: { who: Who; path: string; body?: unknown }): Promise<number> {
  return (await t.call(path, { token: actors[who].token, body })).code;
}

/** Pushes one mutation from the actor's device and answers the code it got (0 when applied). */
async function pushed<N extends MutatorName>({
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

interface Case {
  op: string;
  /** Makes the site the operation runs on. */
  site?: () => Promise<{ site: number; units: number[] }>;
  run: (who: Who, target: { site: number; units: number[] }) => Promise<number>;
  expect: Record<Who, number>;
}

const ok = 0;
const refused = ResultCode.apiError;
const notInGroup = ResultCode.notGroupMember;
const all = (code: number): Record<Who, number> => ({ owner: code, member: code, other: code, admin: code });

const offline = ({
  name,
  on = '',
  args,
  expected,
  site,
}: {
  name: 'setLikeSite' | 'addSiteMemo' | 'setHideSite' | 'setCompleteSite';
  /** Which site, when not the usual one ("on a general site"). */
  on?: string;
  args: (site: number) => Record<string, unknown>;
  expected: Record<Who, number>;
  site?: Case['site'];
}): Case[] => [
  {
    op: `${name}${on} as RPC`,
    ...(site ? { site } : {}),
    run: (who, { site }) => rpc({ who, path: `/site/${name}`, body: args(site) }),
    expect: expected,
  },
  {
    op: `${name}${on} as a pushed mutation`,
    ...(site ? { site } : {}),
    run: (who, { site }) => pushed({ who, name, args: args(site) as never }),
    expect: expected,
  },
];

const ownerOrAdmin = { owner: ok, member: refused, other: refused, admin: ok };
const withGroup = { owner: ok, member: ok, other: notInGroup, admin: ok };
const adminOnly = { owner: refused, member: refused, other: refused, admin: ok };

const cases: Case[] = [
  {
    op: 'getSiteDetail',
    run: (who, { site }) => rpc({ who, path: '/site/getSiteDetail', body: { site_idx: site } }),
    expect: all(ok),
  },
  {
    op: 'getSiteDetail of a hidden site',
    site: () => freshSite({ f_hidden: 'Y' }),
    run: (who, { site }) => rpc({ who, path: '/site/getSiteDetail', body: { site_idx: site } }),
    expect: { owner: ok, member: ok, other: refused, admin: ok },
  },
  {
    op: 'getSiteDetail of a deleted site',
    site: () => freshSite({ f_status: 'D' }),
    run: (who, { site }) => rpc({ who, path: '/site/getSiteDetail', body: { site_idx: site } }),
    expect: { owner: refused, member: refused, other: refused, admin: ok },
  },
  ...offline({
    name: 'setLikeSite',
    args: (site) => ({ site_idx: site, like_status: 'Y' }),
    expected: all(ok),
  }),
  ...offline({
    name: 'addSiteMemo',
    args: (site) => ({ site_idx: site, memo: '모델하우스 10시' }),
    expected: all(ok),
  }),
  ...offline({
    name: 'setHideSite',
    args: (site) => ({ site_idx: site, hidden_status: 'Y' }),
    expected: ownerOrAdmin,
  }),
  ...offline({
    name: 'setCompleteSite',
    args: (site) => ({ site_idx: site, complete_status: 'Y' }),
    expected: withGroup,
  }),
  ...offline({
    name: 'setCompleteSite',
    on: ' on a site shared to no group',
    args: (site) => ({ site_idx: site, complete_status: 'Y' }),
    expected: ownerOrAdmin,
    site: () => freshSite({ f_group_idx: null }),
  }),
  ...offline({
    name: 'setCompleteSite',
    on: ' on a general site',
    args: (site) => ({ site_idx: site, complete_status: 'Y' }),
    expected: all(refused),
    site: () => freshSite({ f_site_type: 'G', f_remain_days_till_hide: 20 }),
  }),
  {
    op: 'setCompleteHouse',
    run: (who, { site, units }) =>
      rpc({ who, path: '/site/setCompleteHouse', body: { site_idx: site, ho_idx_list: [units[0]] } }),
    expect: withGroup,
  },
  {
    op: 'expandGeneralSiteExpireDays',
    site: () => freshSite({ f_site_type: 'G', f_remain_days_till_hide: 3 }),
    run: (who, { site }) => rpc({ who, path: '/site/expandGeneralSiteExpireDays', body: { site_idx: site } }),
    expect: ownerOrAdmin,
  },
  {
    op: 'removeSite',
    run: (who, { site }) => rpc({ who, path: '/site/removeSite', body: { site_idx: site } }),
    expect: ownerOrAdmin,
  },
  {
    op: 'removeSiteForever',
    site: () => freshSite({ f_status: 'D' }),
    run: (who, { site }) => rpc({ who, path: '/admin/removeSiteForever', body: { site_idx: site } }),
    expect: adminOnly,
  },
  {
    op: 'restoreAndHiddenSite',
    site: () => freshSite({ f_status: 'D' }),
    run: (who, { site }) =>
      rpc({ who, path: '/admin/restoreAndHiddenSite', body: { site_idx: site, hidden: 'Y' } }),
    expect: adminOnly,
  },
  {
    op: 'findSiteByStatus',
    run: (who) => rpc({ who, path: '/admin/findSiteByStatus', body: { type: 'D' } }),
    expect: adminOnly,
  },
  {
    op: 'getSiteOfGroup for the site group',
    run: (who) => rpc({ who, path: '/site/getSiteOfGroup', body: { group_idx: groupIdx } }),
    expect: { owner: ok, member: ok, other: notInGroup, admin: notInGroup },
  },
  {
    op: 'updateGeneralSite for the site group',
    site: () => freshSite({ f_site_type: 'G', f_remain_days_till_hide: 3 }),
    run: (who) => rpc({ who, path: '/site/updateGeneralSite', body: { group_idx: groupIdx } }),
    expect: { owner: ok, member: ok, other: notInGroup, admin: notInGroup },
  },
  // Sharing with a customer: the owner and the site's group (sync/shares/shares.ts mayShareSite);
  // admins are nobody's agent for a site they neither own nor work on in its group.
  {
    op: 'createSiteShare',
    run: (who, { site }) => rpc({ who, path: '/site/createSiteShare', body: { site_idx: site } }),
    expect: { owner: ok, member: ok, other: refused, admin: refused },
  },
  {
    op: 'createSiteShare on a site shared to no group',
    site: () => freshSite({ f_group_idx: null }),
    run: (who, { site }) => rpc({ who, path: '/site/createSiteShare', body: { site_idx: site } }),
    expect: { owner: ok, member: refused, other: refused, admin: refused },
  },
  {
    op: 'createSiteShare of a hidden site',
    site: () => freshSite({ f_hidden: 'Y' }),
    run: (who, { site }) => rpc({ who, path: '/site/createSiteShare', body: { site_idx: site } }),
    expect: all(refused),
  },
  {
    op: 'getRecentViewSiteList',
    run: (who) => rpc({ who, path: '/site/getRecentViewSiteList', body: {} }),
    expect: all(ok),
  },
  {
    op: 'getLikeSiteList',
    run: (who) => rpc({ who, path: '/site/getLikeSiteList', body: {} }),
    expect: all(ok),
  },
  {
    op: 'getMySiteList',
    run: (who) => rpc({ who, path: '/site/getMySiteList', body: {} }),
    expect: all(ok),
  },
];

function title(c: Case): string {
  const allowed = everyone.filter((w) => c.expect[w] === ok).map((w) => label[w]);
  const byCode = new Map<number, string[]>();
  for (const w of everyone) {
    const code = c.expect[w];
    if (code !== ok) byCode.set(code, [...(byCode.get(code) ?? []), label[w]]);
  }
  const refusals = [...byCode.entries()].map(
    ([code, whom]) => `${whom.join(' and ')} ${whom.length > 1 ? 'get' : 'gets'} ${code}`,
  );
  const may = allowed.length > 0 ? `${allowed.join(', ')} may` : 'nobody may';
  return `${c.op}: ${[may, ...refusals].join('; ')}`;
}

describe('site permissions (spec §6)', () => {
  for (const c of cases) {
    it(title(c), async () => {
      for (const who of everyone) {
        const target = await (c.site ?? (() => freshSite()))();
        const before = await snapshot(target.site);
        const code = await c.run(who, target);
        expect(code, `${c.op} by ${label[who]}`).toBe(c.expect[who]);
        if (code !== ok) expect(await snapshot(target.site), `${c.op} by ${label[who]} wrote`).toBe(before);
      }
    });
  }

  it('a member of another group gets -12 for that group, and an admin may not read its sites either', async () => {
    expect(
      await rpc({ who: 'member', path: '/site/getSiteOfGroup', body: { group_idx: otherGroupIdx } }),
    ).toBe(notInGroup);
    expect(
      await rpc({ who: 'admin', path: '/site/getSiteOfGroup', body: { group_idx: otherGroupIdx } }),
    ).toBe(notInGroup);
  });

  it('lists only the caller’s own sites as “my sites”', async () => {
    const { site } = await freshSite();
    const listed = async (who: Who) => {
      const res = await t.call<{ list: Array<{ f_idx: number }> }>('/site/getMySiteList', {
        token: actors[who].token,
        body: { page_num: 1 },
      });
      return res.data.list.some((s) => s.f_idx === site);
    };
    expect(await listed('owner')).toBe(true);
    for (const who of ['member', 'other', 'admin'] as const) expect(await listed(who)).toBe(false);
  });

  it('update-all restarts only the caller’s own general sites, never a group mate’s', async () => {
    const { site } = await freshSite({ f_site_type: 'G', f_remain_days_till_hide: 3 });
    await rpc({ who: 'member', path: '/site/updateGeneralSite', body: { group_idx: groupIdx } });
    const days = async () =>
      (
        await t.deps.db
          .selectFrom('sites')
          .select('f_remain_days_till_hide')
          .where('f_idx', '=', site)
          .executeTakeFirstOrThrow()
      ).f_remain_days_till_hide;
    expect(await days()).toBe(3);
    await rpc({ who: 'owner', path: '/site/updateGeneralSite', body: {} });
    expect(await days()).toBe(30);
  });
});
