import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { MutatorInput } from '../../sync/mutators.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { pushOne } from '../testing/sync-fixtures.ts';
import { type Actor, admin, member, postBody, publish } from './community.fixtures.ts';

/**
 * Spec §6 on the community, as a matrix: every community operation for a post's author, another
 * agent, an admin without the write tab and an admin holding it (the moderator). Offline operations
 * are checked as RPC and as pushed mutations. A refusal writes nothing.
 */

type Who = 'author' | 'other' | 'adminNoTab' | 'adminTab';
const everyone: readonly Who[] = ['author', 'other', 'adminNoTab', 'adminTab'];
const label: Record<Who, string> = {
  author: 'the author',
  other: 'another agent',
  adminNoTab: 'an admin without the write tab',
  adminTab: 'an admin holding it',
};

let t: TestApp;
let actors: Record<Who, Actor>;

beforeAll(async () => {
  t = await createTestApp();
  // Enough posts a day for every case of the matrix.
  await t.handle.all("UPDATE app_settings SET value = '1000' WHERE key = 'community_daily_limit'");
  actors = {
    author: await member(t),
    other: await member(t),
    adminNoTab: await admin(t, '0,1'),
    adminTab: await admin(t, '4'),
  };
});

afterAll(async () => {
  await t?.close();
});

interface Target {
  post: number;
  comment: number;
}

/** A post of the author's with one comment of theirs. */
async function freshPost(): Promise<Target> {
  const post = await publish(t, actors.author);
  const comment = await t.call<{ f_idx: number }>('/community/addComment', {
    token: actors.author.token,
    body: { community_idx: post, comment: '첫 댓글' },
  });
  return { post, comment: comment.data.f_idx };
}

async function snapshot(): Promise<string> {
  return JSON.stringify([
    await t.handle.all('SELECT * FROM community_posts ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM community_comments ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM community_reports ORDER BY f_idx'),
    await t.handle.all('SELECT * FROM community_blocks ORDER BY f_user_idx, f_blocked_user_idx'),
    await t.handle.all('SELECT f_idx, f_point FROM users ORDER BY f_idx'),
  ]);
}

async function rpc({ who, path, body = {} }: { who: Who; path: string; body?: unknown }): Promise<number> {
  return (await t.call(path, { token: actors[who].token, body })).code;
}

async function pushed<N extends 'addCommunity' | 'addComment'>({
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
  run: (who: Who, target: Target) => Promise<number>;
  expect: Record<Who, number>;
}

const ok = 0;
const refused = ResultCode.apiError;
const all = (code: number): Record<Who, number> => ({
  author: code,
  other: code,
  adminNoTab: code,
  adminTab: code,
});
const authorOrModerator = { author: ok, other: refused, adminNoTab: refused, adminTab: ok };
const moderatorOnly = { author: refused, other: refused, adminNoTab: refused, adminTab: ok };

const cases: Case[] = [
  {
    op: 'getCommunityList',
    run: (who) => rpc({ who, path: '/community/getCommunityList' }),
    expect: all(ok),
  },
  {
    op: 'getCommunityDetail',
    run: (who, { post }) =>
      rpc({ who, path: '/community/getCommunityDetail', body: { community_idx: post } }),
    expect: all(ok),
  },
  {
    op: 'todayWritingCount',
    run: (who) => rpc({ who, path: '/community/todayWritingCount' }),
    expect: all(ok),
  },
  {
    op: 'findCommunityList',
    run: (who) => rpc({ who, path: '/community/findCommunityList' }),
    expect: moderatorOnly,
  },
  {
    op: 'addCommunity (free board) as RPC',
    run: (who) => rpc({ who, path: '/community/addCommunity', body: postBody }),
    expect: all(ok),
  },
  {
    op: 'addCommunity (free board) as a pushed mutation',
    run: (who) => pushed({ who, name: 'addCommunity', args: postBody }),
    expect: all(ok),
  },
  {
    op: 'addCommunity (notice) as RPC',
    run: (who) => rpc({ who, path: '/community/addCommunity', body: { ...postBody, type: 'N' } }),
    expect: moderatorOnly,
  },
  {
    op: 'addCommunity (notice) as a pushed mutation',
    run: (who) => pushed({ who, name: 'addCommunity', args: { ...postBody, type: 'N' } }),
    expect: moderatorOnly,
  },
  {
    op: 'updateCommunity of the author’s post',
    run: (who, { post }) =>
      rpc({
        who,
        path: '/community/updateCommunity',
        body: { ...postBody, community_idx: post, title: '수정' },
      }),
    expect: authorOrModerator,
  },
  {
    op: 'updateCommunity turning the author’s post into a notice',
    run: (who, { post }) =>
      rpc({ who, path: '/community/updateCommunity', body: { ...postBody, community_idx: post, type: 'N' } }),
    expect: moderatorOnly,
  },
  {
    op: 'removeCommunity of the author’s post',
    run: (who, { post }) => rpc({ who, path: '/community/removeCommunity', body: { idx_list: [post] } }),
    expect: authorOrModerator,
  },
  {
    op: 'addComment as RPC',
    run: (who, { post }) =>
      rpc({ who, path: '/community/addComment', body: { community_idx: post, comment: '좋은 정보' } }),
    expect: all(ok),
  },
  {
    op: 'addComment as a pushed mutation',
    run: (who, { post }) =>
      pushed({ who, name: 'addComment', args: { community_idx: post, comment: '좋은 정보' } }),
    expect: all(ok),
  },
  {
    op: 'updateComment of the author’s comment',
    run: (who, { post, comment }) =>
      rpc({
        who,
        path: '/community/updateComment',
        body: { community_idx: post, comment_idx: comment, comment: '고침' },
      }),
    expect: authorOrModerator,
  },
  {
    op: 'removeComment of the author’s comment',
    run: (who, { post, comment }) =>
      rpc({ who, path: '/community/removeComment', body: { community_idx: post, comment_idx: comment } }),
    expect: authorOrModerator,
  },
  {
    op: 'reportOrPrevent (report) of the author’s post',
    run: (who, { post }) =>
      rpc({ who, path: '/community/reportOrPrevent', body: { community_idx: post, type: 'R' } }),
    expect: { author: refused, other: ok, adminNoTab: ok, adminTab: ok },
  },
];

function title(c: Case): string {
  const allowed = everyone.filter((w) => c.expect[w] === ok).map((w) => label[w]);
  const denied = everyone.filter((w) => c.expect[w] !== ok).map((w) => `${label[w]} gets ${c.expect[w]}`);
  return `${c.op}: ${[allowed.length ? `${allowed.join(', ')} may` : 'nobody may', ...denied].join('; ')}`;
}

describe('community permissions (spec §6)', () => {
  for (const c of cases) {
    it(title(c), async () => {
      for (const who of everyone) {
        const target = await freshPost();
        const code = await c.run(who, target);
        expect(code, `${c.op} by ${label[who]}`).toBe(c.expect[who]);
      }
    });
  }

  it('a refused notice, edit or delete of another’s post writes nothing, online or pushed', async () => {
    const target = await freshPost();
    for (const who of ['other', 'adminNoTab'] as const) {
      const before = await snapshot();
      expect(await rpc({ who, path: '/community/addCommunity', body: { ...postBody, type: 'N' } })).toBe(
        refused,
      );
      expect(await pushed({ who, name: 'addCommunity', args: { ...postBody, type: 'N' } })).toBe(refused);
      expect(
        await rpc({
          who,
          path: '/community/updateCommunity',
          body: { ...postBody, community_idx: target.post, title: '남의 글 수정' },
        }),
      ).toBe(refused);
      expect(await rpc({ who, path: '/community/removeCommunity', body: { idx_list: [target.post] } })).toBe(
        refused,
      );
      expect(
        await rpc({
          who,
          path: '/community/removeComment',
          body: { community_idx: target.post, comment_idx: target.comment },
        }),
      ).toBe(refused);
      expect(await snapshot(), `${label[who]} wrote`).toBe(before);
    }
  });

  it('a bulk delete holding one post that is not the caller’s deletes none of them', async () => {
    const own = await publish(t, actors.other);
    const target = await freshPost();
    const before = await snapshot();
    expect(
      await rpc({ who: 'other', path: '/community/removeCommunity', body: { idx_list: [own, target.post] } }),
    ).toBe(refused);
    expect(await snapshot()).toBe(before);
  });
});
