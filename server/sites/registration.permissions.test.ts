import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { generalSite, member, siteTables, unregisteredReport } from './registration.fixtures.ts';

/**
 * Who may do what with registration (spec §6): the owner manages; a member of the group a
 * site is shared to may edit it; an admin may edit any registered site; another agent is
 * refused, with 'not a group member' (-12) where the site is shared to a group. Drafts are
 * their owner's alone. Refusals write nothing.
 */

type Role = 'owner' | 'groupMember' | 'otherAgent' | 'admin';
const roles: Role[] = ['owner', 'groupMember', 'otherAgent', 'admin'];

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

interface World {
  tokens: Record<Role, string>;
  /** Registered, shared to the owner's group. */
  shared: number;
  /** Registered, not shared. */
  unshared: number;
  /** The owner's temporary save. */
  draft: number;
  /** The owner's unregistered-site report. */
  report: number;
  groupIdx: number;
  version: (siteIdx: number) => Promise<number>;
}

async function world(): Promise<World> {
  t = await createTestApp();
  const owner = await member(t);
  const mate = await member(t);
  const other = await member(t);
  const adminIdx = await insertUser(t, { f_type: 'A', f_admin_authority: '0' });
  const adminToken = await insertSession(t, { userIdx: adminIdx });
  const groupIdx = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: owner.userIdx, now: new Date() });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: mate.userIdx, now: new Date() });
  const add = async (changes: object) => {
    const res = await t.call<{ site_idx: number }>('/site/addSite_app', {
      token: owner.token,
      body: { site_type: 'G', changes },
    });
    if (res.code !== 0) throw new Error(res.msg);
    return res.data.site_idx;
  };
  const shared = await add(generalSite({ f_group_idx: groupIdx }));
  const unshared = await add(generalSite({ f_group_idx: groupIdx }));
  await t.deps.db.updateTable('sites').set({ f_group_idx: null }).where('f_idx', '=', unshared).execute();
  const draft = await t.call<{ site_idx: number }>('/site/addSite', {
    token: owner.token,
    body: { draft_id: 'owner-draft-01', site_type: 'G', changes: { f_name: '임시' } },
  });
  const report = await t.call<{ site_idx: number }>('/site/addUnregisteredSite', {
    token: owner.token,
    body: unregisteredReport(),
  });
  return {
    tokens: { owner: owner.token, groupMember: mate.token, otherAgent: other.token, admin: adminToken },
    shared,
    unshared,
    draft: draft.data.site_idx,
    report: report.data.site_idx,
    groupIdx,
    version: async (siteIdx) =>
      (
        await t.deps.db
          .selectFrom('sync_site_versions')
          .select('version')
          .where('f_site_idx', '=', siteIdx)
          .executeTakeFirstOrThrow()
      ).version,
  };
}

const OK = ResultCode.ok;
const REFUSED = ResultCode.apiError;
const NOT_MEMBER = ResultCode.notGroupMember;

interface Operation {
  name: string;
  expected: Record<Role, number>;
  /** Whether a success writes (refusals never do). */
  writes: boolean;
  run: (w: World, role: Role) => Promise<{ code: number }>;
}

const edit = async (w: World, role: Role, siteIdx: number) =>
  t.call('/site/updateSite_app', {
    token: w.tokens[role],
    body: {
      site_idx: siteIdx,
      site_type: 'G',
      base_version: await w.version(siteIdx),
      base: { f_memo: '' },
      changes: { f_memo: `${role} 수정` },
    },
  });

let seq = 0;
const operations: Operation[] = [
  {
    name: 'edit a registered site shared to a group (updateSite_app)',
    expected: { owner: OK, groupMember: OK, otherAgent: NOT_MEMBER, admin: OK },
    writes: true,
    run: (w, role) => edit(w, role, w.shared),
  },
  {
    name: 'edit a registered site not shared (updateSite_app)',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: REFUSED, admin: OK },
    writes: true,
    run: (w, role) => edit(w, role, w.unshared),
  },
  {
    name: 'edit a shared site offline (pushed saveSite)',
    expected: { owner: OK, groupMember: OK, otherAgent: NOT_MEMBER, admin: OK },
    writes: true,
    run: async (w, role) => {
      seq++;
      const res = await pushAs(t, {
        token: w.tokens[role],
        clientId: `client-perm-${role}`,
        mutations: [
          mutation({
            seq,
            name: 'saveSite',
            args: {
              site_idx: w.shared,
              site_type: 'G',
              base_version: await w.version(w.shared),
              base: { f_memo: '' },
              changes: { f_memo: 'offline' },
            },
          }),
        ],
      });
      return { code: res.data.results[0]?.code ?? -99 };
    },
  },
  {
    name: 'share a registered site to another group or release it',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: NOT_MEMBER, admin: REFUSED },
    writes: true,
    run: async (w, role) =>
      t.call('/site/updateSite_app', {
        token: w.tokens[role],
        body: {
          site_idx: w.shared,
          site_type: 'G',
          base_version: await w.version(w.shared),
          base: { f_group_idx: w.groupIdx },
          changes: { f_group_idx: null },
        },
      }),
  },
  {
    name: 'make the owner’s temporary save final (updateSite_app)',
    expected: { owner: ResultCode.badParameter, groupMember: REFUSED, otherAgent: REFUSED, admin: REFUSED },
    // The owner may, but this draft is incomplete: the rules refuse it, which shows the owner got past the check.
    writes: false,
    run: (w, role) =>
      t.call('/site/updateSite_app', {
        token: w.tokens[role],
        body: { site_idx: w.draft, site_type: 'G', changes: { f_memo: 'x' } },
      }),
  },
  {
    name: 'temporary-save the owner’s draft (updateSite)',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: REFUSED, admin: REFUSED },
    writes: true,
    run: (w, role) =>
      t.call('/site/updateSite', {
        token: w.tokens[role],
        body: { draft_id: 'owner-draft-01', site_idx: w.draft, site_type: 'G', changes: { f_memo: role } },
      }),
  },
  {
    name: 'remove the owner’s draft (pushed removeSiteDraft)',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: REFUSED, admin: REFUSED },
    writes: true,
    run: async (w, role) => {
      const res = await pushAs(t, {
        token: w.tokens[role],
        clientId: `client-perm-${role}`,
        mutations: [
          mutation({
            seq: 1,
            name: 'removeSiteDraft',
            args: { draft_id: 'owner-draft-01', site_idx: w.draft },
          }),
        ],
      });
      return { code: res.data.results[0]?.code ?? -99 };
    },
  },
  {
    name: 'register a new site of one’s own (addSite_app)',
    expected: { owner: OK, groupMember: OK, otherAgent: OK, admin: OK },
    writes: true,
    // Members of a group choose it (spec §5 Group select); the others have none to choose.
    run: (w, role) =>
      t.call('/site/addSite_app', {
        token: w.tokens[role],
        body: {
          site_type: 'G',
          changes: generalSite({
            f_group_idx: role === 'owner' || role === 'groupMember' ? w.groupIdx : null,
          }),
        },
      }),
  },
  {
    name: 'read a shared site for its form (getSiteRegistration)',
    expected: { owner: OK, groupMember: OK, otherAgent: NOT_MEMBER, admin: OK },
    writes: false,
    run: (w, role) =>
      t.call('/site/getSiteRegistration', { token: w.tokens[role], query: { site_idx: String(w.shared) } }),
  },
  {
    name: 'read the owner’s draft for its form (getSiteRegistration)',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: REFUSED, admin: REFUSED },
    writes: false,
    run: (w, role) =>
      t.call('/site/getSiteRegistration', { token: w.tokens[role], query: { site_idx: String(w.draft) } }),
  },
  {
    name: 'report an unregistered site (addUnregisteredSite)',
    expected: { owner: OK, groupMember: OK, otherAgent: OK, admin: OK },
    writes: true,
    run: (w, role) =>
      t.call('/site/addUnregisteredSite', { token: w.tokens[role], body: unregisteredReport() }),
  },
  {
    name: 'view a submitted report read-only (getUnregisteredSite)',
    expected: { owner: OK, groupMember: REFUSED, otherAgent: REFUSED, admin: OK },
    writes: false,
    run: (w, role) =>
      t.call('/site/getUnregisteredSite', { token: w.tokens[role], query: { site_idx: String(w.report) } }),
  },
];

describe('the permission matrix of registration operations', () => {
  for (const op of operations) {
    for (const role of roles) {
      const expected = op.expected[role];
      it(`${op.name}: the ${role} gets code ${expected}`, async () => {
        const w = await world();
        seq = 0;
        const tables = await siteTables(t);
        const res = await op.run(w, role);
        expect(res.code).toBe(expected);
        if (expected !== OK || !op.writes) expect(await siteTables(t)).toBe(tables);
        else expect(await siteTables(t)).not.toBe(tables);
      });
    }
  }

  it('refuses sharing a new site to a group the member is not in with -12', async () => {
    const w = await world();
    const res = await t.call('/site/addSite_app', {
      token: w.tokens.otherAgent,
      body: { site_type: 'G', changes: generalSite({ f_group_idx: w.groupIdx }) },
    });
    expect(res.code).toBe(NOT_MEMBER);
  });

  it('lets removeTemporarySave remove only the caller’s own drafts', async () => {
    const w = await world();
    for (const role of ['groupMember', 'otherAgent', 'admin'] as const) {
      const res = await t.call<{ removed: number }>('/site/removeTemporarySave', {
        token: w.tokens[role],
        body: { site_type: 'G' },
      });
      expect(res.data.removed).toBe(0);
    }
    const own = await t.call<{ removed: number }>('/site/removeTemporarySave', {
      token: w.tokens.owner,
      body: { site_type: 'G' },
    });
    expect(own.data.removed).toBe(1);
  });

  it('refuses a write-limited member’s final save until the release date, offline too', async () => {
    t = await createTestApp();
    const limited = await member(t, {
      f_status: 'WL',
      f_release_date: new Date(Date.now() + 86400000).toISOString(),
    });
    const tables = await siteTables(t);
    const rpc = await t.call('/site/addSite_app', {
      token: limited.token,
      body: { site_type: 'G', changes: generalSite() },
    });
    expect(rpc.code).toBe(REFUSED);
    const pushed = await pushAs(t, {
      token: limited.token,
      clientId: 'client-limited-1',
      mutations: [mutation({ seq: 1, name: 'saveSite', args: { site_type: 'G', changes: generalSite() } })],
    });
    expect(pushed.data.results[0]).toMatchObject({ status: 'rejected', code: REFUSED });
    expect(await siteTables(t)).toBe(tables);
  });
});
