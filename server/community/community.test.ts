import { afterEach, describe, expect, it } from 'vitest';
import type { CommunityDetail, CommunityPost, CommunityPublish } from '../../sync/api/community.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { PushResponse } from '../../sync/protocol.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { admin, member, pointsOf, postBody, publish } from './community.fixtures.ts';

/** Spec §5 Community, §6, §9 (daily limit, made+ 24 hours) as the server decides them. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Noon in Seoul. */
const NOON = '2026-11-20T03:00:00.000Z';

async function app() {
  const clock = fixedClock(NOON);
  t = await createTestApp({ clock });
  return clock;
}

async function written(): Promise<string> {
  return JSON.stringify([
    await t.handle.all('SELECT * FROM community_posts ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM community_comments ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM community_push_recipients ORDER BY f_community_idx, f_user_idx'),
    await t.handle.all('SELECT f_idx, f_point FROM users ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM point_logs ORDER BY f_idx'),
  ]);
}

async function list(token: string, body: Record<string, unknown> = {}) {
  const res = await t.call<Page<CommunityPost>>('/community/getCommunityList', { token, body });
  expect(res.code).toBe(0);
  return res.data;
}

describe('the daily writing limit (spec §9)', () => {
  it('refuses the fourth post of a Seoul day with its message, online and offline, writing nothing', async () => {
    await app();
    const agent = await member(t);
    for (let i = 0; i < 3; i++) await publish(t, agent, { title: `후기 ${i + 1}` });
    const before = await written();
    const online = await t.call('/community/addCommunity', {
      token: agent.token,
      body: { ...postBody, title: '네 번째' },
    });
    expect(online.code).toBe(ResultCode.apiError);
    expect(online.msg).toBe('오늘은 더 이상 글을 쓸 수 없습니다. (하루 3개)');
    const pushed = await pushAs(t, {
      token: agent.token,
      clientId: 'client-limit-01',
      mutations: [mutation({ seq: 1, name: 'addCommunity', args: { ...postBody, title: '네 번째' } })],
    });
    expect((pushed.data as PushResponse).results[0]).toMatchObject({ status: 'rejected', msg: online.msg });
    expect(await written()).toBe(before);
  });

  it('lets exactly three of ten posts sent at once through, however they interleave', async () => {
    await app();
    const agent = await member(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call('/community/addCommunity', { token: agent.token, body: { ...postBody, title: `동시 ${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === ResultCode.apiError)).toHaveLength(7);
    const posts = await t.handle.all('SELECT f_idx FROM community_posts WHERE f_user_idx = ?', agent.userIdx);
    expect(posts).toHaveLength(3);
  });

  it('counts what is left today from the app setting, a deleted post still counting, and starts again the next day', async () => {
    const clock = await app();
    await t.handle.all("UPDATE app_settings SET value = '2' WHERE key = 'community_daily_limit'");
    const agent = await member(t);
    const count = () => t.call('/community/todayWritingCount', { token: agent.token });
    expect((await count()).data).toEqual({ left: 2, limit: 2 });
    const first = await publish(t, agent);
    await t.call('/community/removeCommunity', { token: agent.token, body: { idx_list: [first] } });
    await publish(t, agent);
    expect((await count()).data).toEqual({ left: 0, limit: 2 });
    expect((await t.call('/community/addCommunity', { token: agent.token, body: postBody })).code).toBe(-1);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await count()).data).toEqual({ left: 2, limit: 2 });
  });
});

describe('what a post needs (spec §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a phone number', { phone: '' }, '연락처를 입력해 주세요.'],
    ['a real phone number', { phone: '12345' }, '연락처를 입력해 주세요.'],
    ['a title', { title: '   ' }, '제목을 입력해 주세요.'],
    ['content', { content: '' }, '내용을 입력해 주세요.'],
    ['the agreement to honest content', { agree: 'N' }, '허위 내용이 없음에 동의해 주세요.'],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses a post without ${what}, with its message, writing nothing (online and pushed)`, async () => {
      await app();
      const agent = await member(t);
      const before = await written();
      const res = await t.call('/community/addCommunity', {
        token: agent.token,
        body: { ...postBody, ...change },
      });
      expect(res).toMatchObject({ code: ResultCode.apiError, msg: message });
      const pushed = await pushAs(t, {
        token: agent.token,
        clientId: 'client-rules-01',
        mutations: [mutation({ seq: 1, name: 'addCommunity', args: { ...postBody, ...change } as never })],
      });
      expect((pushed.data as PushResponse).results[0]).toMatchObject({ status: 'rejected', msg: message });
      expect(await written()).toBe(before);
    });
  }

  it('refuses an edit that empties the title, keeping the post as it was', async () => {
    await app();
    const agent = await member(t);
    const post = await publish(t, agent);
    const before = await written();
    const res = await t.call('/community/updateCommunity', {
      token: agent.token,
      body: { ...postBody, community_idx: post, title: '' },
    });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '제목을 입력해 주세요.' });
    expect(await written()).toBe(before);
  });

  it('refuses an empty comment with its message, online and pushed, writing nothing', async () => {
    await app();
    const agent = await member(t);
    const post = await publish(t, agent);
    const before = await written();
    const res = await t.call('/community/addComment', {
      token: agent.token,
      body: { community_idx: post, comment: '  ' },
    });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '댓글 내용을 입력해 주세요.' });
    const pushed = await pushAs(t, {
      token: agent.token,
      clientId: 'client-comment-1',
      mutations: [mutation({ seq: 1, name: 'addComment', args: { community_idx: post, comment: '' } })],
    });
    expect((pushed.data as PushResponse).results[0]).toMatchObject({ status: 'rejected', msg: res.msg });
    expect(await written()).toBe(before);
  });

  it('refuses a notice from a member, with its message, writing nothing', async () => {
    await app();
    const agent = await member(t);
    const before = await written();
    const res = await t.call('/community/addCommunity', {
      token: agent.token,
      body: { ...postBody, type: 'N' },
    });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '공지사항은 관리자만 작성할 수 있습니다.' });
    expect(await written()).toBe(before);
  });

  it('needs a valid usage ticket to post, and refuses a member under review', async () => {
    await app();
    const lapsed = await member(t, { f_usage_date: '2026-11-01T00:00:00.000Z' });
    const applicant = await member(t, { f_approval: 'R' });
    const before = await written();
    const expired = await t.call<{ reason: string }>('/community/addCommunity', {
      token: lapsed.token,
      body: postBody,
    });
    expect(expired.code).toBe(ResultCode.apiError);
    expect(expired.data).toEqual({ reason: 'ticket_expired' });
    const review = await t.call('/community/addCommunity', { token: applicant.token, body: postBody });
    expect(review.msg).toContain('가입 심사 중');
    expect(await written()).toBe(before);
  });
});

describe('made+ and push (spec §3 point costs, §9)', () => {
  it('pins a made+ post above newer posts for other members and charges the made+ cost once', async () => {
    const clock = await app();
    const author = await member(t);
    const reader = await member(t);
    const pushedMade = mutation({
      seq: 1,
      name: 'addCommunity',
      args: { ...postBody, title: '급매 있어요', made: 'Y' },
    });
    const first = await pushAs(t, {
      token: author.token,
      clientId: 'client-made-001',
      mutations: [pushedMade],
    });
    expect((first.data as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    // The device did not hear the answer and sends the same mutation again.
    await pushAs(t, { token: author.token, clientId: 'client-made-001', mutations: [pushedMade] });
    clock.advance(60_000);
    await publish(t, reader, { title: '나중 글' });
    const page = await list(reader.token);
    expect(page.list.map((p) => [p.f_title, p.f_made])).toEqual([
      ['급매 있어요', 'Y'],
      ['나중 글', 'N'],
    ]);
    expect(await pointsOf(t, author.userIdx)).toBe(10_000 - 1_000);
    const logs = await t.handle.all(
      'SELECT f_type, f_point, f_reason, f_ref FROM point_logs WHERE f_user_idx = ? ORDER BY f_idx',
      author.userIdx,
    );
    expect(logs).toEqual([
      {
        f_type: 'U',
        f_point: 1000,
        f_reason: 'community_made',
        f_ref: `community_made:${page.list[0]?.f_idx}`,
      },
    ]);
  });

  it('stops pinning a made+ post 24 hours after it was published', async () => {
    const clock = await app();
    const author = await member(t);
    const reader = await member(t);
    await publish(t, author, { title: '상단 고정', made: 'Y' });
    clock.advance(60_000);
    await publish(t, reader, { title: '나중 글' });
    clock.advance(24 * 60 * 60 * 1000 - 120_000);
    expect((await list(reader.token)).list[0]?.f_title).toBe('상단 고정');
    clock.advance(120_000);
    const after = await list(reader.token);
    expect(after.list.map((p) => [p.f_title, p.f_made])).toEqual([
      ['나중 글', 'N'],
      ['상단 고정', 'N'],
    ]);
  });

  it('refuses made+ without the points for it, publishing nothing', async () => {
    await app();
    const poor = await member(t, { f_point: 500 });
    const before = await written();
    const res = await t.call('/community/addCommunity', {
      token: poor.token,
      body: { ...postBody, made: 'Y' },
    });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '포인트가 부족합니다.' });
    expect(await written()).toBe(before);
  });

  it('charges the push cost and records every other member who takes pushes as a recipient', async () => {
    await app();
    const author = await member(t);
    const listener = await member(t);
    await member(t, { f_push: 'N' });
    const res = await t.call<CommunityPublish>('/community/addCommunity', {
      token: author.token,
      body: { ...postBody, push: 'Y', made: 'Y' },
    });
    expect(res.data).toMatchObject({ spent: 3000, balance: 7000 });
    const recipients = (
      await t.handle.all<{ f_user_idx: number }>('SELECT f_user_idx FROM community_push_recipients')
    ).map((r) => r.f_user_idx);
    expect(recipients).toEqual([listener.userIdx]);
  });
});

describe('anonymity, reports and blocking (spec §6)', () => {
  it('hides an anonymous writer’s phone and name from other members, not from a moderating admin', async () => {
    await app();
    const author = await member(t, { f_name: '익명작성' });
    const reader = await member(t);
    const moderator = await admin(t, '4');
    const post = await publish(t, author, { anony: 'Y' });
    await t.call('/community/addComment', {
      token: author.token,
      body: { community_idx: post, comment: '추가 정보', anony: 'Y' },
    });
    const seen = await t.call<CommunityDetail>('/community/getCommunityDetail', {
      token: reader.token,
      body: { community_idx: post },
    });
    expect(seen.data).toMatchObject({ f_phone: '', f_user_name: '', f_user_idx: 0 });
    expect(seen.data.comment_list[0]).toMatchObject({ f_user_name: '', f_user_idx: 0 });
    expect(JSON.stringify(seen.data)).not.toContain('익명작성');
    const moderated = await t.call<CommunityDetail>('/community/getCommunityDetail', {
      token: moderator.token,
      body: { community_idx: post },
    });
    expect(moderated.data).toMatchObject({ f_phone: '01020000001', f_user_name: '익명작성' });
    const byWriter = await list(reader.token, { column: 'writer', keyword: '익명 작성' });
    expect(byWriter.total).toBe(0);
    expect((await list(moderator.token, { column: 'writer', keyword: '익명 작성' })).total).toBe(1);
  });

  it('searches a column with the keyword’s spaces stripped, and lists only mine when asked', async () => {
    await app();
    const a = await member(t);
    const b = await member(t);
    await publish(t, a, { title: '잠실 급매', content: '84타입' });
    await publish(t, b, { title: '분당 현장', content: '잠실 근처' });
    expect((await list(a.token, { column: 'title', keyword: '잠 실' })).list.map((p) => p.f_title)).toEqual([
      '잠실 급매',
    ]);
    expect((await list(a.token, { column: 'content', keyword: '잠실' })).list.map((p) => p.f_title)).toEqual([
      '분당 현장',
    ]);
    expect((await list(b.token, { mine: 'Y' })).list.map((p) => p.f_title)).toEqual(['분당 현장']);
  });

  it('reports a post once (-11 the second time) and stops showing a blocked writer’s posts', async () => {
    await app();
    const author = await member(t);
    const reader = await member(t);
    const post = await publish(t, author);
    const report = () =>
      t.call('/community/reportOrPrevent', { token: reader.token, body: { community_idx: post, type: 'R' } });
    expect((await report()).code).toBe(0);
    expect((await report()).code).toBe(ResultCode.alreadyExists);
    expect((await list(reader.token)).total).toBe(1);
    await t.call('/community/reportOrPrevent', {
      token: reader.token,
      body: { community_idx: post, type: 'P' },
    });
    expect((await list(reader.token)).total).toBe(0);
    expect((await list(author.token)).total).toBe(1);
  });
});
