import { afterEach, describe, expect, it } from 'vitest';
import type { CommunityDetail, CommunityPost } from '../../sync/api/community.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { type Actor, member, publish } from './community.fixtures.ts';

/**
 * "Hide this writer" (reportOrPrevent P) must not tie an anonymous post to a name: a block made
 * from an anonymous post hides that writer's anonymous posts only, a block made from a named post
 * their named posts only. Whatever the blocker does, what they see of the other kind is what
 * everyone sees, so comparing before and after tells them nothing.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function world() {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00.000Z') });
  const writer = await member(t, { f_name: '김작성' });
  const other = await member(t, { f_name: '이다른' });
  const blocker = await member(t, { f_name: '박차단' });
  const anonymous = await publish(t, writer, { title: '익명 후기', anony: 'Y' });
  const named = await publish(t, writer, { title: '실명 후기', anony: 'N' });
  const othersAnonymous = await publish(t, other, { title: '다른 익명 글', anony: 'Y' });
  const othersNamed = await publish(t, other, { title: '다른 실명 글', anony: 'N' });
  const namedComment = await t.call('/community/addComment', {
    token: writer.token,
    body: { community_idx: othersNamed, comment: '실명 댓글', anony: 'N' },
  });
  expect(namedComment.code).toBe(0);
  return { writer, other, blocker, anonymous, named, othersAnonymous, othersNamed };
}

async function titles(who: Actor, body: Record<string, unknown> = {}): Promise<string[]> {
  const res = await t.call<Page<CommunityPost>>('/community/getCommunityList', { token: who.token, body });
  expect(res.code).toBe(0);
  return res.data.list.map((p) => p.f_title).sort();
}

/** Everything the blocker can read about named writing: the list, a writer search, details and comments. */
async function namedView(who: Actor, posts: number[]) {
  const all = await titles(who);
  const byWriter = await titles(who, { column: 'writer', keyword: '김작성' });
  const details = [];
  for (const post of posts) {
    const res = await t.call<CommunityDetail>('/community/getCommunityDetail', {
      token: who.token,
      body: { community_idx: post },
    });
    details.push({
      code: res.code,
      title: res.data?.f_title,
      comments: res.data?.comment_list?.map((c) => `${c.f_user_name}:${c.f_comment}`),
    });
  }
  return { named: all.filter((title) => title.includes('실명')), byWriter, details };
}

async function block(who: Actor, post: number) {
  const res = await t.call('/community/reportOrPrevent', {
    token: who.token,
    body: { community_idx: post, type: 'P' },
  });
  expect(res.code).toBe(0);
}

describe('hiding a writer keeps anonymity', () => {
  it('a block made from an anonymous post hides that writer’s anonymous posts and nothing named', async () => {
    const w = await world();
    const before = await namedView(w.blocker, [w.named, w.othersNamed]);
    expect(before.named).toEqual(['다른 실명 글', '실명 후기']);
    expect(before.byWriter).toEqual(['실명 후기']);
    await block(w.blocker, w.anonymous);
    expect(await namedView(w.blocker, [w.named, w.othersNamed])).toEqual(before);
    expect(await titles(w.blocker)).toEqual(['다른 실명 글', '다른 익명 글', '실명 후기']);
  });

  it('a block made from a named post leaves that writer’s anonymous posts in view', async () => {
    const w = await world();
    await block(w.blocker, w.named);
    expect(await titles(w.blocker)).toEqual(['다른 실명 글', '다른 익명 글', '익명 후기']);
  });

  it('both blocks together hide all of the writer’s posts, and other readers still see them', async () => {
    const w = await world();
    await block(w.blocker, w.named);
    await block(w.blocker, w.anonymous);
    expect(await titles(w.blocker)).toEqual(['다른 실명 글', '다른 익명 글']);
    expect(await titles(w.other)).toEqual(['다른 실명 글', '다른 익명 글', '실명 후기', '익명 후기']);
  });
});
