import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../sync/api/page.ts';
import type { SiteShareItem } from '../../sync/api/shares.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { openPage, share, shareWorld } from './shares.fixtures.ts';

/**
 * Who may make, list and stop share links, as a matrix: the site's owner, a member of its group,
 * another agent, an admin holding every tab; then callers who are no approved member at all.
 * createSiteShare's rows are also in the site matrix (server/sites/permissions.test.ts).
 * A refusal writes nothing.
 */

type Who = 'owner' | 'mate' | 'other' | 'admin';
const everyone: readonly Who[] = ['owner', 'mate', 'other', 'admin'];

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const ok = ResultCode.ok;
const refused = ResultCode.apiError;

describe('share links (issue 32) by who asks', () => {
  it.each(everyone)(
    'createSiteShare by %s: the owner and the site’s group may, others are refused',
    async (who) => {
      t = await createTestApp();
      const w = await shareWorld(t);
      const expected: Record<Who, number> = { owner: ok, mate: ok, other: refused, admin: refused };
      const before = t.changes();
      const res = await t.call('/site/createSiteShare', { token: w[who].token, body: { site_idx: w.site } });
      expect(res.code, res.msg).toBe(expected[who]);
      if (expected[who] !== ok) {
        expect(res.msg).toMatch(/현장을 등록한 회원이나 현장이 공유된 그룹의 회원만/);
        expect(t.changes()).toBe(before);
      }
    },
  );

  it.each(everyone)('getSiteShareList by %s answers only that member’s own links', async (who) => {
    t = await createTestApp();
    const w = await shareWorld(t);
    await share(t, { token: w.owner.token, site: w.site });
    await share(t, { token: w.mate.token, site: w.site });
    const res = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w[who].token,
      body: { site_idx: w.site },
    });
    expect(res.code).toBe(ok);
    expect(res.data.total).toBe(who === 'owner' || who === 'mate' ? 1 : 0);
    const mine = await t.handle.values(
      'SELECT f_idx FROM site_shares WHERE f_user_idx = ? ORDER BY f_idx DESC',
      w[who].userIdx,
    );
    expect(res.data.list.map((s) => s.f_idx)).toEqual(mine);
  });

  it.each(everyone)('revokeSiteShare of the owner’s link by %s: only the owner stops it', async (who) => {
    t = await createTestApp();
    const w = await shareWorld(t);
    const created = await share(t, { token: w.owner.token, site: w.site });
    const before = t.changes();
    const res = await t.call('/site/revokeSiteShare', {
      token: w[who].token,
      body: { share_idx: created.share_idx },
    });
    expect(res.code).toBe(who === 'owner' ? ok : refused);
    if (who !== 'owner') expect(t.changes()).toBe(before);
    expect((await openPage(t, { url: created.url })).status).toBe(who === 'owner' ? 404 : 200);
  });

  it('refuses every share call without a session (-2), to a member under review, and making a link to a write-limited member, who may still stop one', async () => {
    t = await createTestApp();
    const w = await shareWorld(t);
    const created = await share(t, { token: w.owner.token, site: w.site });
    const calls = [
      { path: '/site/createSiteShare', body: { site_idx: w.site } },
      { path: '/site/getSiteShareList', body: { site_idx: w.site } },
      { path: '/site/revokeSiteShare', body: { share_idx: created.share_idx } },
    ];
    for (const call of calls) {
      expect((await t.call(call.path, { body: call.body })).code, call.path).toBe(ResultCode.tokenEmpty);
    }
    const applicant = await insertUser(t, { f_approval: 'P' });
    const applicantToken = await insertSession(t, { userIdx: applicant, deviceId: 'applicant-device' });
    for (const call of calls) {
      const res = await t.call(call.path, { token: applicantToken, body: call.body });
      expect(res.code, call.path).toBe(refused);
    }
    await t.handle.all(
      "UPDATE users SET f_status = 'WL', f_release_date = ? WHERE f_idx = ?",
      new Date(Date.now() + 3 * 86_400_000).toISOString(),
      w.owner.userIdx,
    );
    const before = t.changes();
    const limited = await t.call('/site/createSiteShare', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(limited.code).toBe(refused);
    expect(t.changes()).toBe(before);
    const stopped = await t.call('/site/revokeSiteShare', {
      token: w.owner.token,
      body: { share_idx: created.share_idx },
    });
    expect(stopped.code).toBe(ok);
  });

  it('closes the links of an agent who is blocked or withdraws', async () => {
    t = await createTestApp();
    const w = await shareWorld(t);
    const byOwner = await share(t, { token: w.owner.token, site: w.site });
    const byMate = await share(t, { token: w.mate.token, site: w.site });
    await t.handle.all("UPDATE users SET f_status = 'B' WHERE f_idx = ?", w.mate.userIdx);
    expect((await openPage(t, { url: byMate.url })).status).toBe(404);
    expect((await openPage(t, { url: byOwner.url })).status).toBe(200);
    await t.handle.all(
      'UPDATE users SET f_withdrawn_time = ? WHERE f_idx = ?',
      new Date().toISOString(),
      w.owner.userIdx,
    );
    expect((await openPage(t, { url: byOwner.url })).status).toBe(404);
  });
});
