import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCommunityPost } from '../../sync/api/community.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { ResultCode } from '../../sync/codes.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { type Actor, admin, member, publish } from './community.fixtures.ts';

/** Admins find the posts members reported (reportOrPrevent R) in /admin/write/community. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function report(who: Actor, postIdx: number) {
  const res = await t.call('/community/reportOrPrevent', {
    token: who.token,
    body: { community_idx: postIdx, type: 'R' },
  });
  expect(res.code).toBe(0);
}

async function adminList(token: string, body: Record<string, unknown> = {}) {
  return t.call<Page<AdminCommunityPost>>('/community/findCommunityList', {
    token,
    body: { page_num: 1, ...body },
  });
}

describe('reported posts in the admin community list', () => {
  it('counts the members who reported each post, and "reported only" lists them most reported first', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00.000Z') });
    const writer = await member(t);
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const twice = await publish(t, writer, { title: '두 번 신고된 글' });
    const once = await publish(t, writer, { title: '한 번 신고된 글' });
    const clean = await publish(t, a as Actor, { title: '신고 없는 글' });
    await report(a as Actor, twice);
    await report(b as Actor, twice);
    await report(c as Actor, once);
    const moderator = await admin(t, '4');

    const all = await adminList(moderator.token);
    expect(all.code).toBe(0);
    const counts = new Map(all.data.list.map((p) => [p.f_idx, p.report_count]));
    expect(counts.get(twice)).toBe(2);
    expect(counts.get(once)).toBe(1);
    expect(counts.get(clean)).toBe(0);

    const reported = await adminList(moderator.token, { reported: 'Y' });
    expect(reported.code).toBe(0);
    expect(reported.data.total).toBe(2);
    expect(reported.data.list.map((p) => [p.f_idx, p.report_count])).toEqual([
      [twice, 2],
      [once, 1],
    ]);
  });

  it('keeps a removed post out of the reported list, so what an admin deleted is done', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00.000Z') });
    const writer = await member(t);
    const reader = await member(t);
    const post = await publish(t, writer);
    await report(reader, post);
    const moderator = await admin(t, '4');
    const removed = await t.call('/community/removeCommunity', {
      token: moderator.token,
      body: { idx_list: [post] },
    });
    expect(removed.code).toBe(0);
    expect((await adminList(moderator.token, { reported: 'Y' })).data.total).toBe(0);
  });

  it('refuses the reported list to a member and to an admin without the write tab', async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00.000Z') });
    const writer = await member(t);
    const reader = await member(t);
    await report(reader, await publish(t, writer));
    const agent = await adminList(reader.token, { reported: 'Y' });
    expect([agent.code, agent.msg]).toEqual([ResultCode.apiError, authMessages.adminOnly.ko]);
    expect(agent.data).toBeFalsy();
    const otherAdmin = await admin(t, '0');
    const noTab = await adminList(otherAdmin.token, { reported: 'Y' });
    expect([noTab.code, noTab.msg]).toEqual([ResultCode.apiError, authMessages.noAuthority.ko]);
    expect(noTab.data).toBeFalsy();
  });
});
