import { afterEach, describe, expect, it } from 'vitest';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import type { Change } from '../../sync/protocol.ts';
import { fixedClock } from '../clock.ts';
import { addGroupMember, createGroup, setSiteGroup } from '../groups/membership.ts';
import { demoUsers, seedDemo } from '../seed/demo.ts';
import { createTestApp, insertSession, type TestApp } from '../testing/fixtures.ts';
import { seedTestDb } from '../testing/seed-test-db.ts';
import { mutation, pullAll, pushAs } from '../testing/sync-fixtures.ts';
import { unregisteredReport } from './registration.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

interface SiteState {
  f_idx: number;
  f_user_idx: number;
  f_status: 'N' | 'P' | 'D';
  f_site_type: 'O' | 'G' | 'U';
  f_hidden: 'Y' | 'N';
  f_group_idx: number | null;
}

interface Member {
  f_idx: number;
  f_phone: string;
  f_type: 'U' | 'A';
  token: string;
  clientId: string;
}

/**
 * The spec's rule, written again on its own for the test: a member sees their own sites and
 * drafts; other members' registered new-open and general sites unless hidden; a hidden one
 * when it is shared to a group they are in; never another member's unregistered-site report.
 */
async function maySee({
  t,
  member,
  site,
}: {
  t: TestApp;
  member: Member;
  site: SiteState;
}): Promise<boolean> {
  if (site.f_user_idx === member.f_idx) return site.f_status !== 'D';
  if (site.f_status !== 'N' || site.f_site_type === 'U') return false;
  if (site.f_hidden === 'N') return true;
  return (
    site.f_group_idx !== null &&
    (await t.handle.row(
      'SELECT 1 FROM group_members WHERE f_group_idx = ? AND f_user_idx = ?',
      site.f_group_idx,
      member.f_idx,
    )) !== undefined
  );
}

async function siteState(t: TestApp, siteIdx: number): Promise<SiteState> {
  return (await t.handle.row(
    'SELECT f_idx, f_user_idx, f_status, f_site_type, f_hidden, f_group_idx FROM sites WHERE f_idx = ?',
    siteIdx,
  )) as SiteState;
}

/** The sites a device holds after applying every change of a pull. */
function sitesOnDevice(changes: Change[]): Set<number> {
  const held = new Set<number>();
  for (const c of changes) {
    if (c.t !== 'site') continue;
    if (c.op === 'put') held.add(c.key);
    else held.delete(c.key);
  }
  return held;
}

/** Every member's detail call for every site: enough sites for each kind, few enough to stay quick. */
const DEMO_SITES = 60;

async function demo(): Promise<{ members: Member[]; byPhone: (phone: string) => Member }> {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00.000Z') });
  const { superAdminPhone } = t.deps.config;
  const now = t.deps.clock.now();
  await seedTestDb({
    handle: t.handle,
    seed: (sqlite) => seedDemo({ sqlite, superAdminPhone, now, siteCount: DEMO_SITES }),
  });
  const rows = (await t.handle.all(
    "SELECT f_idx, f_phone, f_type FROM users WHERE f_approval = 'A' ORDER BY f_idx",
  )) as Array<Omit<Member, 'token' | 'clientId'>>;
  const members: Member[] = [];
  for (const row of rows) {
    const token = await insertSession(t, { userIdx: row.f_idx, deviceId: `device-${row.f_idx}` });
    members.push({ ...row, token, clientId: `client-of-${row.f_idx}-0000` });
  }
  const byPhone = (phone: string) => {
    const member = members.find((m) => m.f_phone === phone);
    if (!member) throw new Error(`no demo member ${phone}`);
    return member;
  };
  return { members, byPhone };
}

async function visibleSiteOf(t: TestApp, owner: Member, skip: number[] = []): Promise<number> {
  const ids = (await t.handle.values(
    `SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_status = 'N' AND f_hidden = 'N' AND f_site_type = 'O'
       ORDER BY f_idx`,
    owner.f_idx,
  )) as number[];
  const id = ids.find((i) => !skip.includes(i));
  if (id === undefined) throw new Error('the demo agent has no visible new-open site');
  return id;
}

describe('who may see a site, on the device and through the API', () => {
  it('after hiding, liking, viewing and reporting, no pull of any demo member holds a site they may not see', async () => {
    const { members, byPhone } = await demo();
    const [owner, liker, viewer, grouped, reporter, stranger] = demoUsers.agents.map((a) => byPhone(a.phone));
    if (!owner || !liker || !viewer || !grouped || !reporter || !stranger)
      throw new Error('demo agents missing');
    const liked = await visibleSiteOf(t, owner);
    const shared = await visibleSiteOf(t, owner, [liked]);
    const group = await createGroup({
      db: t.deps.db,
      name: '잠실 공동중개',
      ownerIdx: owner.f_idx,
      now: t.deps.clock.now(),
    });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: grouped.f_idx, now: t.deps.clock.now() });
    await setSiteGroup({ db: t.deps.db, siteIdx: shared, groupIdx: group });

    // While the sites are visible, a like, a view and a queued like bring them to devices.
    expect(
      (await t.call('/site/setLikeSite', { token: liker.token, body: { site_idx: liked, like_status: 'Y' } }))
        .code,
    ).toBe(0);
    expect(
      (
        await t.call('/site/getSiteDetail', {
          token: viewer.token,
          body: { site_idx: liked },
        })
      ).code,
    ).toBe(0);
    const queued = await pushAs(t, {
      token: viewer.token,
      clientId: viewer.clientId,
      mutations: [mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: shared, like_status: 'Y' } })],
    });
    expect(queued.data.results[0]).toMatchObject({ status: 'applied' });
    const before = new Map<number, { cursor: string | null; held: Set<number> }>();
    for (const m of [liker, viewer, grouped]) {
      const pulled = await pullAll(t, { token: m.token, clientId: m.clientId });
      before.set(m.f_idx, { cursor: pulled.cursor, held: sitesOnDevice(pulled.changes) });
    }
    expect(before.get(liker.f_idx)?.held.has(liked)).toBe(true);
    expect(before.get(viewer.f_idx)?.held.has(liked)).toBe(true);
    expect(before.get(viewer.f_idx)?.held.has(shared)).toBe(true);
    expect(before.get(grouped.f_idx)?.held.has(shared)).toBe(true);

    // The owner hides both; a report of a site nobody registered arrives.
    for (const site of [liked, shared]) {
      const hid = await t.call('/site/setHideSite', {
        token: owner.token,
        body: { site_idx: site, hidden_status: 'Y' },
      });
      expect(hid.code).toBe(0);
    }
    const report = await t.call<{ site_idx: number }>('/site/addUnregisteredSite', {
      token: reporter.token,
      body: unregisteredReport(),
    });
    expect(report.code).toBe(0);
    const reported = report.data.site_idx;

    // The next pull takes the hidden sites off the devices that may no longer see them.
    const next = async (m: Member) => {
      const from = before.get(m.f_idx);
      const pulled = await pullAll(t, { token: m.token, clientId: m.clientId, cursor: from?.cursor ?? null });
      const held = new Set(from?.held);
      for (const c of pulled.changes) {
        if (c.t !== 'site') continue;
        if (c.op === 'put') held.add(c.key);
        else held.delete(c.key);
      }
      return held;
    };
    expect((await next(liker)).has(liked)).toBe(false);
    const viewerHeld = await next(viewer);
    expect(viewerHeld.has(liked)).toBe(false);
    expect(viewerHeld.has(shared)).toBe(false);
    expect((await next(grouped)).has(shared)).toBe(true);

    // Nobody else can mark the report, or the hidden sites, to bring them onto a device.
    for (const site of [reported, liked]) {
      const detail = await t.call('/site/getSiteDetail', {
        token: stranger.token,
        body: { site_idx: site },
      });
      expect(detail.status).toBe(404);
      const like = await t.call('/site/setLikeSite', {
        token: stranger.token,
        body: { site_idx: site, like_status: 'Y' },
      });
      expect(like.status).toBe(404);
      const memo = await pushAs(t, {
        token: stranger.token,
        clientId: stranger.clientId,
        mutations: [
          mutation({
            seq: site === reported ? 1 : 2,
            name: 'addSiteMemo',
            args: { site_idx: site, memo: '메모' },
          }),
        ],
      });
      expect(memo.data.results[0]).toMatchObject({ status: 'rejected' });
    }

    // Every member's whole scope, pulled afresh, holds only sites they may see.
    for (const m of members) {
      const { changes } = await pullAll(t, { token: m.token, clientId: `fresh-${m.f_idx}-000000` });
      const held = sitesOnDevice(changes);
      for (const siteIdx of held) {
        expect(
          await maySee({ t, member: m, site: await siteState(t, siteIdx) }),
          `${m.f_phone} holds site ${siteIdx}`,
        ).toBe(true);
      }
      if (m.f_idx === reporter.f_idx) expect(held.has(reported)).toBe(true);
      else expect(held.has(reported)).toBe(false);
    }
  });

  it('answers a site detail and lists the favourites of exactly those who may see the site', async () => {
    const { members, byPhone } = await demo();
    const owner = byPhone(demoUsers.agents[0].phone);
    const liker = byPhone(demoUsers.agents[1].phone);
    const admin = byPhone(demoUsers.admin.phone);
    const hidden = await visibleSiteOf(t, owner);
    await t.call('/site/setLikeSite', { token: liker.token, body: { site_idx: hidden, like_status: 'Y' } });
    await t.call('/site/setHideSite', { token: owner.token, body: { site_idx: hidden, hidden_status: 'Y' } });
    const report = await t.call<{ site_idx: number }>('/site/addUnregisteredSite', {
      token: owner.token,
      body: unregisteredReport(),
    });
    const sites = (await t.handle.values('SELECT f_idx FROM sites ORDER BY f_idx')) as number[];
    expect(sites).toContain(report.data.site_idx);
    for (const m of members) {
      for (const siteIdx of sites) {
        const res = await t.call<SiteDetail>('/site/getSiteDetail', {
          token: m.token,
          body: { site_idx: siteIdx, skip_log_recent_view: 'Y' },
        });
        const site = await siteState(t, siteIdx);
        // Admins see every site but another member's draft (a deleted one too, in the admin tabs).
        const expected =
          m.f_type === 'A' || m.f_phone === t.deps.config.superAdminPhone
            ? site.f_status !== 'P' || site.f_user_idx === m.f_idx
            : await maySee({ t, member: m, site });
        expect(res.code === 0, `${m.f_phone} reads site ${siteIdx}`).toBe(expected);
      }
    }
    const favourites = await t.call<SitePage>('/site/getLikeSiteList', {
      token: liker.token,
      body: { page_num: 1 },
    });
    expect(favourites.data.list.map((s) => s.f_idx)).not.toContain(hidden);
    expect(admin.f_type).toBe('A');
  });

  it('lets a member take back a like of a site hidden from them since, revealing nothing', async () => {
    const { byPhone } = await demo();
    const owner = byPhone(demoUsers.agents[0].phone);
    const liker = byPhone(demoUsers.agents[1].phone);
    const site = await visibleSiteOf(t, owner);
    await t.call('/site/setLikeSite', { token: liker.token, body: { site_idx: site, like_status: 'Y' } });
    await t.call('/site/setHideSite', { token: owner.token, body: { site_idx: site, hidden_status: 'Y' } });
    const queued = await pushAs(t, {
      token: liker.token,
      clientId: liker.clientId,
      mutations: [mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'N' } })],
    });
    expect(queued.data.results[0]).toMatchObject({
      status: 'applied',
      data: { site_idx: site, like_status: 'N' },
    });
    const left = await t.handle.value(
      'SELECT COUNT(*) FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ?',
      liker.f_idx,
      site,
    );
    expect(left).toBe(0);
    const again = await t.call('/site/setLikeSite', {
      token: liker.token,
      body: { site_idx: site, like_status: 'Y' },
    });
    expect(again.status).toBe(404);
  });
});
